import type { SecurityScheme } from '@baton/protocol';

const BRAND = Symbol.for('@baton/client/OAuthCredential');

/**
 * A credential that gets OAuth 2 access tokens by itself, from what the agent's card declares for the scheme it is
 * given under (`oauth2SecurityScheme`: its `oauth2MetadataUrl`, else the flow's `tokenUrl`;
 * `openIdConnectSecurityScheme`: its `openIdConnectUrl`). Made by `oauthClientCredentials` or `oauthJwtBearer`.
 */
export interface OAuthCredential {
  readonly [BRAND]: true;
  /** An access token for `scheme`: the cached one while it is fresh, else a new one from the token endpoint. */
  token(scheme: SecurityScheme): Promise<string>;
  /** Forgets the cached token (the agent refused it), so the next call gets a new one. */
  invalidate(): void;
}

/** Whether `value` is an {@link OAuthCredential}. */
export function isOAuthCredential(value: unknown): value is OAuthCredential {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}

/** Brands a token source as an {@link OAuthCredential}. */
export function oauthCredential(source: Omit<OAuthCredential, typeof BRAND>): OAuthCredential {
  return Object.assign(source, { [BRAND]: true as const });
}
