import type { JWTPayload } from 'jose';
import type { CallUser } from '../vocabulary/call-context.ts';
import { AuthFailure } from './auth-failure.ts';
import { bearerJwt } from './bearer-jwt.ts';
import type { SchemeVerifier } from './scheme-verifier.ts';

/** Options of {@link oauthAccessToken}. */
export interface OAuthAccessTokenOptions {
  /** The authorization server's issuer identifier: its metadata must name exactly this `issuer`. */
  readonly issuer: string;
  /** Expected `aud` of the access tokens (the agent, as its resource indicator). */
  readonly audience: string | readonly string[];
  /**
   * Where the server's metadata is (RFC 8414 or OpenID discovery); default `<issuer>/.well-known/oauth-authorization-server`,
   * then `<issuer>/.well-known/openid-configuration`. Put the same URL in the card's `oauth2MetadataUrl`.
   */
  readonly metadataUrl?: string;
  /** Accepted `alg` values; default what the keys allow. */
  readonly algorithms?: readonly string[];
  /** Leeway for `exp` / `nbf`; default 0. */
  readonly clockTolerance?: number | string;
  /** Builds the caller from the verified token; default `sub` → id, `scope` / `scp` → scopes (skill scopes). */
  readonly toUser?: (payload: JWTPayload) => CallUser;
  /** How the metadata is fetched; default `globalThis.fetch`. */
  readonly fetch?: typeof fetch;
}

/**
 * Verifies OAuth 2 access tokens (JWT, RFC 9068) against their authorization server: its metadata (read once, on
 * the first token) names the JWKS, whose keys jose fetches and caches; signature, `iss`, `aud`, `exp` and `nbf` are
 * checked, and the token's `scope` becomes the caller's scopes, which skills' `securityRequirements` are checked
 * against. For an `oauth2SecurityScheme` or `openIdConnectSecurityScheme` of the card.
 *
 * @example
 * schemes: { oauth: oauthAccessToken({ issuer: 'https://id.example', audience: 'https://agent.example' }) }
 */
export function oauthAccessToken(options: OAuthAccessTokenOptions): SchemeVerifier {
  let verifier: Promise<SchemeVerifier> | undefined;
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function discover(): Promise<SchemeVerifier> {
    const issuer = options.issuer.replace(/\/+$/, '');
    const candidates = options.metadataUrl
      ? [options.metadataUrl]
      : [`${issuer}/.well-known/oauth-authorization-server`, `${issuer}/.well-known/openid-configuration`];
    for (const url of candidates) {
      const response = await fetchImpl(url, { headers: { accept: 'application/json' }, redirect: 'manual' });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        continue;
      }
      const metadata = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
      // RFC 8414 §3.3: metadata that names another issuer must not be used.
      if (metadata.issuer !== options.issuer) {
        throw new Error(
          `The metadata at ${url} names the issuer ${String(metadata.issuer)}, not ${options.issuer}`,
        );
      }
      if (typeof metadata.jwks_uri !== 'string') throw new Error(`The metadata at ${url} names no jwks_uri`);
      return bearerJwt({
        jwksUrl: metadata.jwks_uri,
        issuer: options.issuer,
        audience: options.audience,
        ...(options.algorithms ? { algorithms: options.algorithms } : {}),
        ...(options.clockTolerance === undefined ? {} : { clockTolerance: options.clockTolerance }),
        ...(options.toUser ? { toUser: options.toUser } : {}),
      });
    }
    throw new Error(`No authorization server metadata for ${options.issuer} at ${candidates.join(' or ')}`);
  }

  /** The verifier, discovered once; a failed discovery is tried again by the next call. */
  function ready(): Promise<SchemeVerifier> {
    verifier ??= discover().catch((error: unknown) => {
      verifier = undefined;
      throw error;
    });
    return verifier;
  }

  return {
    challenge: (context) => `Bearer realm="${context.realm}"`,
    async verify(c, context) {
      if (c.req.header('Authorization') === undefined) return undefined;
      let delegate: SchemeVerifier;
      try {
        delegate = await ready();
      } catch (error) {
        // The caller did nothing wrong: its token cannot be checked now. Logged by the server as the cause.
        throw new AuthFailure(
          'unauthenticated',
          'The token cannot be checked now: the authorization server is unreachable',
          {
            cause: error,
          },
        );
      }
      return delegate.verify(c, context);
    },
  };
}
