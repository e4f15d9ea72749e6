import * as z from 'zod/mini';
import { protoObject } from '../wire/proto-json.ts';
import { protoOneof } from '../wire/proto-oneof.ts';
import { RequiredStringSchema } from '../wire/proto-scalars.ts';
import { OAuthFlowsSchema } from './oauth-flows.ts';

/** Where an API key goes, per the proto comment (the field itself is an open string). */
export const API_KEY_LOCATIONS = ['query', 'header', 'cookie'] as const;

/** API key authentication: the key travels in the header, query parameter or cookie called `name`. */
export const APIKeySecuritySchemeSchema = protoObject({
  description: z.optional(z.string()),
  location: RequiredStringSchema,
  name: RequiredStringSchema,
});
/** An API key security scheme. */
export type APIKeySecurityScheme = z.infer<typeof APIKeySecuritySchemeSchema>;

/** HTTP authentication with an IANA scheme such as `Bearer` or `Basic`. */
export const HTTPAuthSecuritySchemeSchema = protoObject({
  description: z.optional(z.string()),
  scheme: RequiredStringSchema,
  bearerFormat: z.optional(z.string()),
});
/** An HTTP auth security scheme. */
export type HTTPAuthSecurityScheme = z.infer<typeof HTTPAuthSecuritySchemeSchema>;

/** OAuth 2.0 authentication with one flow and, optionally, the RFC 8414 metadata URL. */
export const OAuth2SecuritySchemeSchema = protoObject({
  description: z.optional(z.string()),
  flows: OAuthFlowsSchema,
  oauth2MetadataUrl: z.optional(z.string()),
});
/** An OAuth 2.0 security scheme. */
export type OAuth2SecurityScheme = z.infer<typeof OAuth2SecuritySchemeSchema>;

/** OpenID Connect authentication, described by its discovery URL. */
export const OpenIdConnectSecuritySchemeSchema = protoObject({
  description: z.optional(z.string()),
  openIdConnectUrl: RequiredStringSchema,
});
/** An OpenID Connect security scheme. */
export type OpenIdConnectSecurityScheme = z.infer<typeof OpenIdConnectSecuritySchemeSchema>;

/** Mutual TLS authentication. */
export const MutualTlsSecuritySchemeSchema = protoObject({
  description: z.optional(z.string()),
});
/** A mutual TLS security scheme. */
export type MutualTlsSecurityScheme = z.infer<typeof MutualTlsSecuritySchemeSchema>;

/** The members of `SecurityScheme`'s `scheme` oneof. */
export const SECURITY_SCHEME_FIELDS = [
  'apiKeySecurityScheme',
  'httpAuthSecurityScheme',
  'oauth2SecurityScheme',
  'openIdConnectSecurityScheme',
  'mtlsSecurityScheme',
] as const;

/** How to authenticate with an agent (OpenAPI 3.2 based): exactly one member. */
export const SecuritySchemeSchema = protoOneof(
  protoObject({
    apiKeySecurityScheme: z.optional(APIKeySecuritySchemeSchema),
    httpAuthSecurityScheme: z.optional(HTTPAuthSecuritySchemeSchema),
    oauth2SecurityScheme: z.optional(OAuth2SecuritySchemeSchema),
    openIdConnectSecurityScheme: z.optional(OpenIdConnectSecuritySchemeSchema),
    mtlsSecurityScheme: z.optional(MutualTlsSecuritySchemeSchema),
  }),
  SECURITY_SCHEME_FIELDS,
);
/** A security scheme; narrow with `'httpAuthSecurityScheme' in scheme` and so on. */
export type SecurityScheme = z.infer<typeof SecuritySchemeSchema>;
