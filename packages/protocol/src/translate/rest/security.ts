import type { OAuthFlows } from '../../v1/oauth-flows.ts';
import type { SecurityRequirement } from '../../v1/security-requirement.ts';
import { API_KEY_LOCATIONS, type SecurityScheme } from '../../v1/security-scheme.ts';
import type * as v03 from '../../v03/index.ts';
import type * as rest from '../../v03/rest/index.ts';
import { cloneJson } from '../copy.ts';
import { at, lossTo03, type TranslateOptions, TranslationError } from '../loss.ts';
import * as jsonRpcFlows from '../oauth-flows.ts';
import * as jsonRpc from '../security.ts';
import { composeFromV03, composeToV03 } from './compose.ts';

/** 0.3 REST OAuth flows (a one-flow oneof) → 0.3 JSON-RPC flows (that one flow); lossless. */
export function oauthFlowsToJsonRpc(flows: rest.OAuthFlows): v03.OAuthFlows {
  return cloneJson(flows);
}

/**
 * 0.3 JSON-RPC OAuth flows → the 0.3 REST one-flow oneof. Of several flows the first of authorizationCode,
 * clientCredentials, implicit, password is kept; with none the result is `undefined` (the caller drops the
 * scheme). Both reported.
 */
export function oauthFlowsFromJsonRpc(
  flows: v03.OAuthFlows,
  options: TranslateOptions = {},
): rest.OAuthFlows | undefined {
  const [kept, ...dropped] = jsonRpcFlows.V03_FLOWS.filter((name) => flows[name] !== undefined);
  for (const name of dropped) {
    lossTo03(options, name, `0.3 REST OAuth schemes hold one flow; kept ${kept}, dropped ${name}`);
  }
  const { authorizationCode, clientCredentials, implicit, password } = cloneJson(flows);
  if (authorizationCode !== undefined) return { authorizationCode };
  if (clientCredentials !== undefined) return { clientCredentials };
  if (implicit !== undefined) return { implicit };
  if (password !== undefined) return { password };
  lossTo03(options, undefined, '0.3 REST OAuth schemes need one flow and this one has none; scheme dropped');
  return undefined;
}

function apiKeyLocation(location: string, options: TranslateOptions): v03.APIKeySecurityScheme['in'] {
  const known = API_KEY_LOCATIONS.find((candidate) => candidate === location);
  if (known !== undefined) return known;
  lossTo03(
    options,
    'location',
    `0.3 JSON-RPC API keys go in query, header or cookie; "${location}" written as header`,
  );
  return 'header';
}

/**
 * 0.3 REST security scheme (a oneof wrapper) → 0.3 JSON-RPC (`type`-discriminated, `location` → `in`); an API
 * key `location` other than query/header/cookie becomes `header` (reported).
 */
export function securitySchemeToJsonRpc(
  scheme: rest.SecurityScheme,
  options: TranslateOptions = {},
): v03.SecurityScheme {
  if ('apiKeySecurityScheme' in scheme) {
    const { location, ...fields } = scheme.apiKeySecurityScheme;
    return { type: 'apiKey', in: apiKeyLocation(location, at(options, 'apiKeySecurityScheme')), ...fields };
  }
  if ('httpAuthSecurityScheme' in scheme) return { type: 'http', ...scheme.httpAuthSecurityScheme };
  if ('oauth2SecurityScheme' in scheme) {
    const { flows, ...fields } = scheme.oauth2SecurityScheme;
    return { type: 'oauth2', ...fields, flows: oauthFlowsToJsonRpc(flows) };
  }
  if ('openIdConnectSecurityScheme' in scheme) {
    return { type: 'openIdConnect', ...scheme.openIdConnectSecurityScheme };
  }
  return { type: 'mutualTLS', ...scheme.mtlsSecurityScheme };
}

/** 0.3 JSON-RPC security scheme → the 0.3 REST oneof wrapper; `undefined` (reported) for OAuth without a flow. */
export function securitySchemeFromJsonRpc(
  scheme: v03.SecurityScheme,
  options: TranslateOptions = {},
): rest.SecurityScheme | undefined {
  switch (scheme.type) {
    case 'apiKey': {
      const { type: _, in: location, ...fields } = scheme;
      return { apiKeySecurityScheme: { ...fields, location } };
    }
    case 'http': {
      const { type: _, ...fields } = scheme;
      return { httpAuthSecurityScheme: fields };
    }
    case 'oauth2': {
      const { type: _, flows, ...fields } = scheme;
      const restFlows = oauthFlowsFromJsonRpc(flows, at(options, 'flows'));
      return restFlows && { oauth2SecurityScheme: { ...fields, flows: restFlows } };
    }
    case 'openIdConnect': {
      const { type: _, ...fields } = scheme;
      return { openIdConnectSecurityScheme: fields };
    }
    case 'mutualTLS': {
      const { type: _, ...fields } = scheme;
      return { mtlsSecurityScheme: fields };
    }
  }
}

/** 0.3 REST security requirement (`{schemes: {name: {list}}}`) → 0.3 JSON-RPC (`{name: scopes}`); lossless. */
export function securityRequirementToJsonRpc(requirement: rest.Security): v03.SecurityRequirement {
  const entries = Object.entries(requirement.schemes).map(([name, scopes]) => [name, [...scopes.list]]);
  return Object.fromEntries(entries);
}

/** 0.3 JSON-RPC security requirement → 0.3 REST; lossless. */
export function securityRequirementFromJsonRpc(requirement: v03.SecurityRequirement): rest.Security {
  const entries = Object.entries(requirement).map(([name, scopes]) => [name, { list: [...scopes] }]);
  return { schemes: Object.fromEntries(entries) };
}

const flowsFromV03 = composeFromV03(oauthFlowsToJsonRpc, jsonRpcFlows.oauthFlowsFromV03);
const schemeFromV03 = composeFromV03(securitySchemeToJsonRpc, jsonRpc.securitySchemeFromV03);

/** 0.3 REST OAuth flow → 1.0 via JSON-RPC; throws on an empty REQUIRED URL. */
export function oauthFlowsFromV03(flows: rest.OAuthFlows, options: TranslateOptions = {}): OAuthFlows {
  const translated = flowsFromV03(flows, options);
  if (translated === undefined) throw new TranslationError('1.0', options.path ?? '', 'names no OAuth flow');
  return translated;
}

/** 1.0 OAuth flow → 0.3 REST via JSON-RPC; `undefined` (reported) for a device code flow, which 0.3 lacks. */
export const oauthFlowsToV03 = composeToV03(jsonRpcFlows.oauthFlowsToV03, oauthFlowsFromJsonRpc);

/** 0.3 REST security scheme → 1.0 (the same oneof wrapper) via JSON-RPC; throws on an empty REQUIRED field. */
export function securitySchemeFromV03(
  scheme: rest.SecurityScheme,
  options: TranslateOptions = {},
): SecurityScheme {
  const translated = schemeFromV03(scheme, options);
  if (translated === undefined) throw new TranslationError('1.0', options.path ?? '', 'names no OAuth flow');
  return translated;
}

/** 1.0 security scheme → 0.3 REST via JSON-RPC; `undefined` (reported) for OAuth with a device code flow. */
export const securitySchemeToV03 = composeToV03(jsonRpc.securitySchemeToV03, securitySchemeFromJsonRpc);

/** 0.3 REST security requirement → 1.0 (the same `{schemes: {name: {list}}}` shape); lossless. */
export function securityRequirementFromV03(requirement: rest.Security): SecurityRequirement {
  return jsonRpc.securityRequirementFromV03(securityRequirementToJsonRpc(requirement));
}

/** 1.0 security requirement → 0.3 REST, with ProtoJSON's omitted empty forms written out; lossless. */
export function securityRequirementToV03(requirement: SecurityRequirement): rest.Security {
  return securityRequirementFromJsonRpc(jsonRpc.securityRequirementToV03(requirement));
}
