import type { SecurityScheme } from '@baton/protocol';

const BRAND = Symbol.for('@baton/client/OAuthCredential');

/** What an agent asked for when it moved a task to AUTH_REQUIRED (`IN_TASK_OAUTH_EXTENSION`). */
export interface AuthorizationRequest {
  /** The scopes the agent needs the caller's token to carry. */
  readonly scopes: readonly string[];
}

/**
 * A credential that gets OAuth 2 access tokens by itself, from what the agent's card declares for the scheme it is
 * given under (`oauth2SecurityScheme`: its `oauth2MetadataUrl`, else the flow's URLs; `openIdConnectSecurityScheme`:
 * its `openIdConnectUrl`). Made by `oauthClientCredentials`, `oauthJwtBearer`, `oauthAuthorizationCode` or
 * `oauthDeviceCode`.
 */
export interface OAuthCredential {
  readonly [BRAND]: true;
  /** An access token for `scheme`: the cached one while it is fresh, else a renewed one (refresh token or grant). */
  token(scheme: SecurityScheme): Promise<string>;
  /** Forgets the access token (the agent refused it), so the next call gets a new one. */
  invalidate(): void;
  /**
   * Gets a new token that also carries `request.scopes` (an agent's AUTH_REQUIRED asked for them): the grant runs
   * again, so an interactive flow asks its user again. Resolves `false` when the authorization server issued a
   * token without them; rejects when it refuses outright.
   */
  reauthorize(scheme: SecurityScheme, request: AuthorizationRequest): Promise<boolean>;
}

/** Whether `value` is an {@link OAuthCredential}. */
export function isOAuthCredential(value: unknown): value is OAuthCredential {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}

/** Brands a token source as an {@link OAuthCredential}. */
export function oauthCredential(source: Omit<OAuthCredential, typeof BRAND>): OAuthCredential {
  return Object.assign(source, { [BRAND]: true as const });
}
