import { z } from 'zod';
import { protoObject } from '../wire/proto-json.ts';
import { protoOneof } from '../wire/proto-oneof.ts';
import { RequiredStringSchema } from '../wire/proto-scalars.ts';

// `scopes` is REQUIRED but may be empty; ProtoJSON writers omit an empty map, so absence reads as `{}`.
const RequiredScopesSchema = z.record(z.string(), z.string()).default(() => ({}));

/** The OAuth 2.0 authorization code flow (use with PKCE). */
export const AuthorizationCodeOAuthFlowSchema = protoObject({
  authorizationUrl: RequiredStringSchema,
  tokenUrl: RequiredStringSchema,
  refreshUrl: z.string().optional(),
  scopes: RequiredScopesSchema,
  pkceRequired: z.boolean().optional(),
});
/** An authorization code flow. */
export type AuthorizationCodeOAuthFlow = z.infer<typeof AuthorizationCodeOAuthFlowSchema>;

/** The OAuth 2.0 client credentials flow. */
export const ClientCredentialsOAuthFlowSchema = protoObject({
  tokenUrl: RequiredStringSchema,
  refreshUrl: z.string().optional(),
  scopes: RequiredScopesSchema,
});
/** A client credentials flow. */
export type ClientCredentialsOAuthFlow = z.infer<typeof ClientCredentialsOAuthFlowSchema>;

/** The OAuth 2.0 implicit flow (deprecated in A2A 1.0, still readable). */
export const ImplicitOAuthFlowSchema = protoObject({
  authorizationUrl: z.string().optional(),
  refreshUrl: z.string().optional(),
  scopes: z.record(z.string(), z.string()).optional(),
});
/** An implicit flow. */
export type ImplicitOAuthFlow = z.infer<typeof ImplicitOAuthFlowSchema>;

/** The OAuth 2.0 resource owner password flow (deprecated in A2A 1.0, still readable). */
export const PasswordOAuthFlowSchema = protoObject({
  tokenUrl: z.string().optional(),
  refreshUrl: z.string().optional(),
  scopes: z.record(z.string(), z.string()).optional(),
});
/** A password flow. */
export type PasswordOAuthFlow = z.infer<typeof PasswordOAuthFlowSchema>;

/** The OAuth 2.0 device authorization flow (RFC 8628), for input-constrained clients. */
export const DeviceCodeOAuthFlowSchema = protoObject({
  deviceAuthorizationUrl: RequiredStringSchema,
  tokenUrl: RequiredStringSchema,
  refreshUrl: z.string().optional(),
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
    authorizationCode: AuthorizationCodeOAuthFlowSchema.optional(),
    clientCredentials: ClientCredentialsOAuthFlowSchema.optional(),
    implicit: ImplicitOAuthFlowSchema.optional(),
    password: PasswordOAuthFlowSchema.optional(),
    deviceCode: DeviceCodeOAuthFlowSchema.optional(),
  }),
  OAUTH_FLOW_FIELDS,
);
/** OAuth flows; narrow with `'clientCredentials' in flows` and so on. */
export type OAuthFlows = z.infer<typeof OAuthFlowsSchema>;
