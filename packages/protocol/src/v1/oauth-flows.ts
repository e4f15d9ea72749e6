import * as z from 'zod/mini';
import { protoObject } from '../wire/proto-json.ts';
import { protoOneof } from '../wire/proto-oneof.ts';
import { RequiredStringSchema } from '../wire/proto-scalars.ts';

// `scopes` is REQUIRED but may be empty; ProtoJSON writers omit an empty map, so absence reads as `{}`.
const RequiredScopesSchema = z._default(z.record(z.string(), z.string()), () => ({}));

/** The OAuth 2.0 authorization code flow (use with PKCE). */
export const AuthorizationCodeOAuthFlowSchema = protoObject({
  authorizationUrl: RequiredStringSchema,
  tokenUrl: RequiredStringSchema,
  refreshUrl: z.optional(z.string()),
  scopes: RequiredScopesSchema,
  pkceRequired: z.optional(z.boolean()),
});
/** An authorization code flow. */
export type AuthorizationCodeOAuthFlow = z.infer<typeof AuthorizationCodeOAuthFlowSchema>;

/** The OAuth 2.0 client credentials flow. */
export const ClientCredentialsOAuthFlowSchema = protoObject({
  tokenUrl: RequiredStringSchema,
  refreshUrl: z.optional(z.string()),
  scopes: RequiredScopesSchema,
});
/** A client credentials flow. */
export type ClientCredentialsOAuthFlow = z.infer<typeof ClientCredentialsOAuthFlowSchema>;

/** The OAuth 2.0 implicit flow (deprecated in A2A 1.0, still readable). */
export const ImplicitOAuthFlowSchema = protoObject({
  authorizationUrl: z.optional(z.string()),
  refreshUrl: z.optional(z.string()),
  scopes: z.optional(z.record(z.string(), z.string())),
});
/** An implicit flow. */
export type ImplicitOAuthFlow = z.infer<typeof ImplicitOAuthFlowSchema>;

/** The OAuth 2.0 resource owner password flow (deprecated in A2A 1.0, still readable). */
export const PasswordOAuthFlowSchema = protoObject({
  tokenUrl: z.optional(z.string()),
  refreshUrl: z.optional(z.string()),
  scopes: z.optional(z.record(z.string(), z.string())),
});
/** A password flow. */
export type PasswordOAuthFlow = z.infer<typeof PasswordOAuthFlowSchema>;

/** The OAuth 2.0 device authorization flow (RFC 8628), for input-constrained clients. */
export const DeviceCodeOAuthFlowSchema = protoObject({
  deviceAuthorizationUrl: RequiredStringSchema,
  tokenUrl: RequiredStringSchema,
  refreshUrl: z.optional(z.string()),
  scopes: RequiredScopesSchema,
});
/** A device code flow. */
export type DeviceCodeOAuthFlow = z.infer<typeof DeviceCodeOAuthFlowSchema>;

/** The members of `OAuthFlows`' `flow` oneof. */
export const OAUTH_FLOW_FIELDS = [
  'authorizationCode',
  'clientCredentials',
  'implicit',
  'password',
  'deviceCode',
] as const;

/** The single OAuth 2.0 flow an `oauth2SecurityScheme` uses: exactly one member. */
export const OAuthFlowsSchema = protoOneof(
  protoObject({
    authorizationCode: z.optional(AuthorizationCodeOAuthFlowSchema),
    clientCredentials: z.optional(ClientCredentialsOAuthFlowSchema),
    implicit: z.optional(ImplicitOAuthFlowSchema),
    password: z.optional(PasswordOAuthFlowSchema),
    deviceCode: z.optional(DeviceCodeOAuthFlowSchema),
  }),
  OAUTH_FLOW_FIELDS,
);
/** OAuth flows; narrow with `'clientCredentials' in flows` and so on. */
export type OAuthFlows = z.infer<typeof OAuthFlowsSchema>;
