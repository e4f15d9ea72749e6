import type { SecurityRequirement } from '../v1/security-requirement.ts';
import type { SecurityScheme } from '../v1/security-scheme.ts';
import type * as v03 from '../v03/index.ts';
import { optional } from './copy.ts';
import { at, lossTo03, requiredString, type TranslateOptions } from './loss.ts';
import { oauthFlowsFromV03, oauthFlowsToV03 } from './oauth-flows.ts';

const API_KEY_LOCATIONS: readonly string[] = ['query', 'header', 'cookie'];

/**
 * 0.3 security scheme (`type`-discriminated) → the 1.0 oneof wrapper (`in` → `location`). `undefined` for an OAuth
 * scheme without flows, which 1.0 cannot express (see {@link oauthFlowsFromV03}).
 */
export function securitySchemeFromV03(
  scheme: v03.SecurityScheme,
  options: TranslateOptions = {},
): SecurityScheme | undefined {
  const description = optional('description', scheme.description);
  switch (scheme.type) {
    case 'apiKey':
      return {
        apiKeySecurityScheme: {
          ...description,
          location: scheme.in,
          name: requiredString(options, 'name', scheme.name),
        },
      };
    case 'http':
      return {
        httpAuthSecurityScheme: {
          ...description,
          scheme: requiredString(options, 'scheme', scheme.scheme),
          ...optional('bearerFormat', scheme.bearerFormat),
        },
      };
    case 'oauth2': {
      const flows = oauthFlowsFromV03(scheme.flows, at(options, 'flows'));
      if (flows === undefined) return undefined;
      const metadataUrl = optional('oauth2MetadataUrl', scheme.oauth2MetadataUrl);
      return { oauth2SecurityScheme: { ...description, flows, ...metadataUrl } };
    }
    case 'openIdConnect': {
      const openIdConnectUrl = requiredString(options, 'openIdConnectUrl', scheme.openIdConnectUrl);
      return { openIdConnectSecurityScheme: { ...description, openIdConnectUrl } };
    }
    case 'mutualTLS':
      return { mtlsSecurityScheme: { ...description } };
  }
}

/**
 * 1.0 security scheme → 0.3. An API key `location` other than query/header/cookie becomes `header` (as a2a-js
 * does) and is reported; OAuth flows as in {@link oauthFlowsToV03}.
 */
export function securitySchemeToV03(
  scheme: SecurityScheme,
  options: TranslateOptions = {},
): v03.SecurityScheme {
  if ('apiKeySecurityScheme' in scheme) {
    const { description, location, name } = scheme.apiKeySecurityScheme;
    const known = API_KEY_LOCATIONS.includes(location);
    if (!known) {
      lossTo03(
        at(options, 'apiKeySecurityScheme'),
        'location',
        `0.3 API keys go in query, header or cookie; "${location}" written as header`,
      );
    }
    const where = known ? (location as 'query' | 'header' | 'cookie') : 'header';
    return { type: 'apiKey', in: where, name, ...optional('description', description) };
  }
  if ('httpAuthSecurityScheme' in scheme) {
    const { description, scheme: name, bearerFormat } = scheme.httpAuthSecurityScheme;
    return {
      type: 'http',
      scheme: name,
      ...optional('bearerFormat', bearerFormat),
      ...optional('description', description),
    };
  }
  if ('oauth2SecurityScheme' in scheme) {
    const { description, flows, oauth2MetadataUrl } = scheme.oauth2SecurityScheme;
    const v03Flows = oauthFlowsToV03(flows, at(at(options, 'oauth2SecurityScheme'), 'flows'));
    const metadataUrl = optional('oauth2MetadataUrl', oauth2MetadataUrl);
    return { type: 'oauth2', flows: v03Flows, ...metadataUrl, ...optional('description', description) };
  }
  if ('openIdConnectSecurityScheme' in scheme) {
    const { description, openIdConnectUrl } = scheme.openIdConnectSecurityScheme;
    return { type: 'openIdConnect', openIdConnectUrl, ...optional('description', description) };
  }
  return { type: 'mutualTLS', ...optional('description', scheme.mtlsSecurityScheme.description) };
}

/** 0.3 security requirement (`{name: scopes}`) → 1.0 (`{schemes: {name: {list: scopes}}}`). */
export function securityRequirementFromV03(requirement: v03.SecurityRequirement): SecurityRequirement {
  const entries = Object.entries(requirement).map(([name, scopes]) => [name, { list: [...scopes] }]);
  return { schemes: Object.fromEntries(entries) };
}

/** 1.0 security requirement → 0.3; an omitted `schemes` or `list` (ProtoJSON's empty form) reads as empty. */
export function securityRequirementToV03(requirement: SecurityRequirement): v03.SecurityRequirement {
  const entries = Object.entries(requirement.schemes ?? {}).map(([name, scopes]) => [
    name,
    [...(scopes.list ?? [])],
  ]);
  return Object.fromEntries(entries);
}
