import type { OAuthFlows } from '../../v1/oauth-flows.ts';
import type { SecurityRequirement } from '../../v1/security-requirement.ts';
import type { SecurityScheme } from '../../v1/security-scheme.ts';
import type * as rest from '../../v03/rest/index.ts';
import { optional } from '../copy.ts';
import { at, lossTo03, requiredString, type TranslateOptions, TranslationError } from '../loss.ts';
import {
  oauthFlowsFromV03 as jsonRpcFlowsFromV03,
  oauthFlowsToV03 as jsonRpcFlowsToV03,
} from '../oauth-flows.ts';

/** 0.3 REST OAuth flow (a one-flow oneof, like 1.0) → 1.0; throws on an empty REQUIRED URL. */
export function oauthFlowsFromV03(flows: rest.OAuthFlows, options: TranslateOptions = {}): OAuthFlows {
  const translated = jsonRpcFlowsFromV03(flows, options);
  if (translated === undefined) throw new TranslationError('1.0', options.path ?? '', 'names no OAuth flow');
  return translated;
}

/**
 * 1.0 OAuth flow → 0.3 REST, as the JSON-RPC `oauthFlowsToV03`; `undefined` (reported) for a device code flow,
 * which the 0.3 oneof cannot hold: the caller drops the scheme.
 */
export function oauthFlowsToV03(
  flows: OAuthFlows,
  options: TranslateOptions = {},
): rest.OAuthFlows | undefined {
  if ('deviceCode' in flows) {
    lossTo03(
      options,
      'deviceCode',
      '0.3 has no device code flow and its OAuth scheme needs one; scheme dropped',
    );
    return undefined;
  }
  const { authorizationCode, clientCredentials, implicit, password } = jsonRpcFlowsToV03(flows, options);
  if (authorizationCode !== undefined) return { authorizationCode };
  if (clientCredentials !== undefined) return { clientCredentials };
  if (implicit !== undefined) return { implicit };
  if (password !== undefined) return { password };
  return undefined;
}

/** 0.3 REST security scheme (already a oneof wrapper) → 1.0; throws on an empty REQUIRED field. */
export function securitySchemeFromV03(
  scheme: rest.SecurityScheme,
  options: TranslateOptions = {},
): SecurityScheme {
  if ('apiKeySecurityScheme' in scheme) {
    const { description, location, name } = scheme.apiKeySecurityScheme;
    const inner = at(options, 'apiKeySecurityScheme');
    const required = {
      location: requiredString(inner, 'location', location),
      name: requiredString(inner, 'name', name),
    };
    return { apiKeySecurityScheme: { ...optional('description', description), ...required } };
  }
  if ('httpAuthSecurityScheme' in scheme) {
    const { description, scheme: name, bearerFormat } = scheme.httpAuthSecurityScheme;
    const httpScheme = requiredString(at(options, 'httpAuthSecurityScheme'), 'scheme', name);
    const fields = { scheme: httpScheme, ...optional('bearerFormat', bearerFormat) };
    return { httpAuthSecurityScheme: { ...optional('description', description), ...fields } };
  }
  if ('oauth2SecurityScheme' in scheme) {
    const { description, flows, oauth2MetadataUrl } = scheme.oauth2SecurityScheme;
    const inner = at(options, 'oauth2SecurityScheme');
    const translated = oauthFlowsFromV03(flows, at(inner, 'flows'));
    const metadataUrl = optional('oauth2MetadataUrl', oauth2MetadataUrl);
    return {
      oauth2SecurityScheme: { ...optional('description', description), flows: translated, ...metadataUrl },
    };
  }
  if ('openIdConnectSecurityScheme' in scheme) {
    const { description, openIdConnectUrl } = scheme.openIdConnectSecurityScheme;
    const url = requiredString(
      at(options, 'openIdConnectSecurityScheme'),
      'openIdConnectUrl',
      openIdConnectUrl,
    );
    return {
      openIdConnectSecurityScheme: { ...optional('description', description), openIdConnectUrl: url },
    };
  }
  return { mtlsSecurityScheme: { ...optional('description', scheme.mtlsSecurityScheme.description) } };
}

/** 1.0 security scheme → 0.3 REST; `undefined` (reported) for an OAuth scheme whose only flow is device code. */
export function securitySchemeToV03(
  scheme: SecurityScheme,
  options: TranslateOptions = {},
): rest.SecurityScheme | undefined {
  if (!('oauth2SecurityScheme' in scheme)) {
    if ('apiKeySecurityScheme' in scheme) return { apiKeySecurityScheme: { ...scheme.apiKeySecurityScheme } };
    if ('httpAuthSecurityScheme' in scheme)
      return { httpAuthSecurityScheme: { ...scheme.httpAuthSecurityScheme } };
    if ('openIdConnectSecurityScheme' in scheme) {
      return { openIdConnectSecurityScheme: { ...scheme.openIdConnectSecurityScheme } };
    }
    return { mtlsSecurityScheme: { ...scheme.mtlsSecurityScheme } };
  }
  const { description, flows, oauth2MetadataUrl } = scheme.oauth2SecurityScheme;
  const translated = oauthFlowsToV03(flows, at(at(options, 'oauth2SecurityScheme'), 'flows'));
  if (translated === undefined) return undefined;
  const metadataUrl = optional('oauth2MetadataUrl', oauth2MetadataUrl);
  return {
    oauth2SecurityScheme: { ...optional('description', description), flows: translated, ...metadataUrl },
  };
}

/** 0.3 REST security requirement → 1.0 (the same `{schemes: {name: {list}}}` shape); lossless. */
export function securityRequirementFromV03(requirement: rest.Security): SecurityRequirement {
  const entries = Object.entries(requirement.schemes).map(([name, scopes]) => [
    name,
    { list: [...scopes.list] },
  ]);
  return { schemes: Object.fromEntries(entries) };
}

/** 1.0 security requirement → 0.3 REST, with ProtoJSON's omitted empty forms written out; lossless. */
export function securityRequirementToV03(requirement: SecurityRequirement): rest.Security {
  const entries = Object.entries(requirement.schemes ?? {}).map(([name, scopes]) => [
    name,
    { list: [...(scopes.list ?? [])] },
  ]);
  return { schemes: Object.fromEntries(entries) };
}
