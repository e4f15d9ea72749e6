import * as z from 'zod/mini';
import { isJsonObject } from '../wire/is-json-object.ts';
import { preprocess } from '../wire/preprocess.ts';
import { withoutNulls } from './json-object.ts';
import { OAuthFlowsSchema } from './oauth-flows.ts';

const description = z.optional(z.string());

const apiKeyObject = z.object({
  type: z.literal('apiKey'),
  in: z.enum(['query', 'header', 'cookie']),
  name: z.string(),
  description,
});
const httpAuthObject = z.object({
  type: z.literal('http'),
  scheme: z.string(),
  bearerFormat: z.optional(z.string()),
  description,
});
const oauth2Object = z.object({
  type: z.literal('oauth2'),
  flows: OAuthFlowsSchema,
  oauth2MetadataUrl: z.optional(z.string()),
  description,
});
const openIdConnectObject = z.object({
  type: z.literal('openIdConnect'),
  openIdConnectUrl: z.string(),
  description,
});
const mutualTlsObject = z.object({
  type: z.literal('mutualTLS'),
  description,
});

/** An API key sent in a query parameter, header or cookie named `name`. */
export const APIKeySecuritySchemeSchema = preprocess(withoutNulls, apiKeyObject);
/** An API key security scheme. */
export type APIKeySecurityScheme = z.infer<typeof APIKeySecuritySchemeSchema>;

/** HTTP authentication (`scheme` such as `Bearer`, with an optional `bearerFormat` hint). */
export const HTTPAuthSecuritySchemeSchema = preprocess(withoutNulls, httpAuthObject);
/** An HTTP authentication security scheme. */
export type HTTPAuthSecurityScheme = z.infer<typeof HTTPAuthSecuritySchemeSchema>;

/** OAuth 2.0 with its supported flows. */
export const OAuth2SecuritySchemeSchema = preprocess(withoutNulls, oauth2Object);
/** An OAuth 2.0 security scheme. */
export type OAuth2SecurityScheme = z.infer<typeof OAuth2SecuritySchemeSchema>;

/** OpenID Connect, described by its discovery URL. */
export const OpenIdConnectSecuritySchemeSchema = preprocess(withoutNulls, openIdConnectObject);
/** An OpenID Connect security scheme. */
export type OpenIdConnectSecurityScheme = z.infer<typeof OpenIdConnectSecuritySchemeSchema>;

/** Mutual TLS (new in 0.3.0). */
export const MutualTLSSecuritySchemeSchema = preprocess(withoutNulls, mutualTlsObject);
/** A mutual TLS security scheme. */
export type MutualTLSSecurityScheme = z.infer<typeof MutualTLSSecuritySchemeSchema>;

const SECURITY_SCHEME_TYPES = ['apiKey', 'http', 'oauth2', 'openIdConnect', 'mutualTLS'] as const;

function securitySchemeError(issue: { code?: string; input?: unknown }): string | undefined {
  if (issue.code === 'invalid_type') return 'security scheme must be a JSON object';
  if (issue.code !== 'invalid_union') return undefined;
  const type = isJsonObject(issue.input) ? issue.input.type : undefined;
  const problem = type === undefined ? 'is missing' : `${JSON.stringify(type)} is unknown`;
  return `security scheme type ${problem}; expected one of ${SECURITY_SCHEME_TYPES.join(', ')}`;
}

/** A security scheme of the agent card (OpenAPI 3.0 style), discriminated by `type`. */
export const SecuritySchemeSchema = preprocess(
  withoutNulls,
  z.discriminatedUnion(
    'type',
    [apiKeyObject, httpAuthObject, oauth2Object, openIdConnectObject, mutualTlsObject],
    {
      error: securitySchemeError,
    },
  ),
);
/** A 0.3 security scheme. */
export type SecurityScheme = z.infer<typeof SecuritySchemeSchema>;

/** One security requirement: scheme name → required scopes; a list of these is an OR of ANDs. */
export const SecurityRequirementSchema = z.record(z.string(), z.array(z.string()));
/** One security requirement. */
export type SecurityRequirement = z.infer<typeof SecurityRequirementSchema>;
