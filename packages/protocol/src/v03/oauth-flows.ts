import * as z from 'zod/mini';
import { jsonObject } from './json-object.ts';

/** OAuth scopes: scope name → short description. */
export const OAuthScopesSchema = z.record(z.string(), z.string());
/** OAuth scopes: scope name → short description. */
export type OAuthScopes = z.infer<typeof OAuthScopesSchema>;

/** The OAuth 2.0 authorization code flow. */
export const AuthorizationCodeOAuthFlowSchema = jsonObject({
  authorizationUrl: z.string(),
  tokenUrl: z.string(),
  refreshUrl: z.optional(z.string()),
  scopes: OAuthScopesSchema,
});
/** The OAuth 2.0 authorization code flow. */
export type AuthorizationCodeOAuthFlow = z.infer<typeof AuthorizationCodeOAuthFlowSchema>;

/** The OAuth 2.0 client credentials flow. */
export const ClientCredentialsOAuthFlowSchema = jsonObject({
  tokenUrl: z.string(),
  refreshUrl: z.optional(z.string()),
  scopes: OAuthScopesSchema,
});
/** The OAuth 2.0 client credentials flow. */
export type ClientCredentialsOAuthFlow = z.infer<typeof ClientCredentialsOAuthFlowSchema>;

/** The OAuth 2.0 implicit flow. */
export const ImplicitOAuthFlowSchema = jsonObject({
  authorizationUrl: z.string(),
  refreshUrl: z.optional(z.string()),
  scopes: OAuthScopesSchema,
});
/** The OAuth 2.0 implicit flow. */
export type ImplicitOAuthFlow = z.infer<typeof ImplicitOAuthFlowSchema>;

/** The OAuth 2.0 resource owner password flow. */
export const PasswordOAuthFlowSchema = jsonObject({
  tokenUrl: z.string(),
  refreshUrl: z.optional(z.string()),
  scopes: OAuthScopesSchema,
});
/** The OAuth 2.0 resource owner password flow. */
export type PasswordOAuthFlow = z.infer<typeof PasswordOAuthFlowSchema>;

/** The OAuth 2.0 flows an agent supports; any subset of the four may be present. */
export const OAuthFlowsSchema = jsonObject({
  authorizationCode: z.optional(AuthorizationCodeOAuthFlowSchema),
  clientCredentials: z.optional(ClientCredentialsOAuthFlowSchema),
  implicit: z.optional(ImplicitOAuthFlowSchema),
  password: z.optional(PasswordOAuthFlowSchema),
});
/** The OAuth 2.0 flows an agent supports. */
export type OAuthFlows = z.infer<typeof OAuthFlowsSchema>;
