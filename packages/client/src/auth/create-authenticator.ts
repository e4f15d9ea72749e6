import type { AgentCard, InTaskOAuthRequest, SecurityScheme } from '@baton/protocol';
import type { Authenticate } from '../http/send-http-request.ts';
import { isOAuthCredential, type OAuthCredential } from './oauth-credential.ts';

/**
 * A credential: the value itself, a function that returns a fresh one for each request (token refresh), or, for an
 * OAuth 2 / OpenID Connect scheme, an {@link OAuthCredential} that gets tokens from the card's flows by itself
 * (`oauthClientCredentials`, `oauthJwtBearer`).
 */
export type Credential = string | (() => string | Promise<string>) | OAuthCredential;

/**
 * Credentials by security scheme name (the keys of the card's `securitySchemes`): an API key, a bearer or
 * OAuth 2 / OpenID Connect access token, or `user:password` for HTTP Basic.
 */
export type Credentials = Readonly<Record<string, Credential>>;

const resolve = async (credential: Credential, scheme: SecurityScheme): Promise<string> =>
  isOAuthCredential(credential)
    ? credential.token(scheme)
    : typeof credential === 'function'
      ? credential()
      : credential;

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function apply(
  scheme: SecurityScheme,
  credential: Credential,
  url: URL,
  headers: Headers,
): Promise<void> {
  if ('apiKeySecurityScheme' in scheme) {
    const { location, name } = scheme.apiKeySecurityScheme;
    const value = await resolve(credential, scheme);
    if (location === 'query') url.searchParams.set(name, value);
    else if (location === 'cookie') {
      const cookie = `${name}=${encodeURIComponent(value)}`;
      const existing = headers.get('cookie');
      headers.set('cookie', existing ? `${existing}; ${cookie}` : cookie);
    } else headers.set(name, value);
    return;
  }
  if ('httpAuthSecurityScheme' in scheme) {
    const value = await resolve(credential, scheme);
    const kind = scheme.httpAuthSecurityScheme.scheme.toLowerCase();
    if (kind === 'basic')
      headers.set('authorization', `Basic ${value.includes(':') ? base64(value) : value}`);
    else if (kind === 'bearer') headers.set('authorization', `Bearer ${value}`);
    else headers.set('authorization', `${scheme.httpAuthSecurityScheme.scheme} ${value}`);
    return;
  }
  if ('oauth2SecurityScheme' in scheme || 'openIdConnectSecurityScheme' in scheme) {
    headers.set('authorization', `Bearer ${await resolve(credential, scheme)}`);
  }
  // Mutual TLS is configured on the connection (a custom fetch), not per request.
}

/**
 * Builds the hook that adds `credentials` to every request as the card's `securitySchemes` say: API keys in
 * their header, query parameter or cookie; HTTP Bearer/Basic (and other HTTP schemes) in `Authorization`;
 * OAuth 2 and OpenID Connect tokens as Bearer. Credentials for schemes the card does not declare are ignored.
 *
 * @example
 * const authenticate = createAuthenticator(card, { bearer: () => tokens.current() });
 */
export function createAuthenticator(
  card: () => Pick<AgentCard, 'securitySchemes'>,
  credentials: Credentials,
): Authenticate {
  const authenticate: Authenticate = async ({ url, headers }) => {
    const schemes = card().securitySchemes ?? {};
    for (const [name, credential] of Object.entries(credentials)) {
      const scheme = schemes[name];
      if (scheme) await apply(scheme, credential, url, headers);
    }
  };
  const oauth = Object.entries(credentials).filter((entry): entry is [string, OAuthCredential] =>
    isOAuthCredential(entry[1]),
  );
  if (oauth.length === 0) return authenticate;
  return Object.assign(authenticate, {
    // A 401 drops the OAuth tokens, so the one retry of the call gets new ones.
    refused() {
      for (const [, credential] of oauth) credential.invalidate();
      return true;
    },
    // An AUTH_REQUIRED asking for scopes: the OAuth credentials of the scheme it names (or all) get them.
    async reauthorize(request: InTaskOAuthRequest) {
      const schemes = card().securitySchemes ?? {};
      const targets = oauth.filter(
        ([name]) => schemes[name] !== undefined && (request.securityScheme ?? name) === name,
      );
      const granted = await Promise.all(
        targets.map(([name, credential]) =>
          credential.reauthorize(schemes[name] as SecurityScheme, { scopes: request.requiredScopes }),
        ),
      );
      return targets.length > 0 && granted.every(Boolean);
    },
  });
}
