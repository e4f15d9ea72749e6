import {
  type CryptoKey,
  createRemoteJWKSet,
  errors,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
  type KeyObject,
} from 'jose';
import type { CallUser } from '../vocabulary/call-context.ts';
import { AuthFailure, buildChallenge } from './auth-failure.ts';
import type { SchemeContext, SchemeVerifier } from './scheme-verifier.ts';

/** Options of {@link bearerJwt}: one key source (`jwksUrl` or `key`) plus the claims every token must have. */
export interface BearerJwtOptions {
  /** JWKS URL of the issuer; keys are fetched and cached by jose. */
  readonly jwksUrl?: string | URL;
  /** A fixed verification key (public key, JWK or HMAC secret), instead of `jwksUrl`. */
  readonly key?: CryptoKey | KeyObject | JWK | Uint8Array;
  /** Expected `iss`. */
  readonly issuer: string | readonly string[];
  /** Expected `aud` (one of them must match). */
  readonly audience: string | readonly string[];
  /** Accepted `alg` values; default: what the key allows (always set it with HMAC secrets). */
  readonly algorithms?: readonly string[];
  /** Leeway for `exp` / `nbf`, in seconds or as a jose duration (`'30s'`); default 0. */
  readonly clockTolerance?: number | string;
  /** Builds the caller from the verified payload; default `sub` → id, `scope` / `scp` → scopes, all → claims. */
  readonly toUser?: (payload: JWTPayload) => CallUser;
}

function scopesOf(payload: JWTPayload): string[] {
  const raw = payload.scope ?? payload.scp;
  if (typeof raw === 'string') return raw.split(/\s+/).filter((scope) => scope !== '');
  if (Array.isArray(raw)) return raw.filter((scope): scope is string => typeof scope === 'string');
  return [];
}

/** The default mapping: `sub` → `id`, `scope` (space-separated) or `scp` (list or string) → `scopes`. */
export function userFromJwtPayload(payload: JWTPayload): CallUser {
  return {
    ...(typeof payload.sub === 'string' ? { id: payload.sub } : {}),
    scopes: scopesOf(payload),
    claims: { ...payload },
  };
}

// What the caller may learn about a rejected token: which check failed, never key material.
function describe(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The token has expired';
  if (error instanceof errors.JWTClaimValidationFailed)
    return `The token's "${error.claim}" claim is not valid`;
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'The token signature is not valid';
  if (error instanceof errors.JWKSNoMatchingKey) return 'The token was not signed by a trusted key';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'The token algorithm is not allowed';
  if (error instanceof errors.JWTInvalid || error instanceof errors.JWSInvalid)
    return 'The token is malformed';
  return 'The token could not be verified';
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Verifies `Authorization: Bearer <JWT>` with jose against a JWKS URL or a fixed key, checking signature,
 * `iss`, `aud`, `exp` and `nbf`. Use it for `httpAuthSecurityScheme` (Bearer), OAuth 2 and OpenID Connect.
 *
 * @example
 * bearerJwt({ jwksUrl: 'https://id.example/jwks.json', issuer: 'https://id.example', audience: 'trip-agent' })
 */
export function bearerJwt(options: BearerJwtOptions): SchemeVerifier {
  if ((options.jwksUrl === undefined) === (options.key === undefined)) {
    throw new TypeError('bearerJwt needs exactly one of jwksUrl and key');
  }
  const key: JWTVerifyGetKey | CryptoKey | KeyObject | JWK | Uint8Array =
    options.jwksUrl === undefined
      ? (options.key as CryptoKey | KeyObject | JWK | Uint8Array)
      : createRemoteJWKSet(new URL(String(options.jwksUrl)));
  const verifyOptions = {
    issuer: typeof options.issuer === 'string' ? options.issuer : [...options.issuer],
    audience: typeof options.audience === 'string' ? options.audience : [...options.audience],
    ...(options.algorithms === undefined ? {} : { algorithms: [...options.algorithms] }),
    ...(options.clockTolerance === undefined ? {} : { clockTolerance: options.clockTolerance }),
  };
  const toUser = options.toUser ?? userFromJwtPayload;
  const challenge = (context: SchemeContext, description?: string) =>
    buildChallenge('Bearer', {
      realm: context.realm,
      error: description === undefined ? undefined : 'invalid_token',
      error_description: description,
    });
  return {
    challenge: (context) => challenge(context),
    async verify(c, context) {
      const token = bearerToken(c.req.header('Authorization'));
      if (token === undefined) return undefined;
      try {
        const { payload } =
          typeof key === 'function'
            ? await jwtVerify(token, key, verifyOptions)
            : await jwtVerify(token, key, verifyOptions);
        return toUser(payload);
      } catch (error) {
        const description = describe(error);
        throw new AuthFailure('unauthenticated', description, {
          challenges: [challenge(context, description)],
          cause: error,
        });
      }
    },
  };
}
