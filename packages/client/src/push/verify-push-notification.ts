import {
  PUSH_BODY_HASH_CLAIM,
  PUSH_JWKS_PATH,
  PUSH_JWT_HEADER,
  PUSH_NOTIFICATION_TOKEN_HEADER,
  type StreamResponse,
  StreamResponseSchema,
  sha256Hex,
  translate,
} from '@baton/protocol';
import * as v03 from '@baton/protocol/v03';
import {
  createRemoteJWKSet,
  customFetch,
  decodeProtectedHeader,
  errors,
  type JWTPayload,
  jwtVerify,
} from 'jose';
import type { FetchLike } from '../http/fetch-like.ts';
import { PushVerificationError } from './push-verification-error.ts';

const ASYMMETRIC_ALGORITHMS = ['ES256', 'ES384', 'ES512', 'EdDSA', 'RS256', 'PS256'];

/** Options of {@link createPushVerifier}. */
export interface PushVerifierOptions {
  /** The agent's URL, as you reached it (the token's `iss`). */
  readonly agentUrl: string;
  /** This webhook's URL exactly as given in the push config (the token's `aud`). */
  readonly webhookUrl: string;
  /**
   * The opaque `token` given in the push config, or a function giving it per task id; when set, the
   * `X-A2A-Notification-Token` header must match it.
   */
  readonly token?: string | ((taskId: string) => string | undefined | Promise<string | undefined>);
  /** The agent's JWKS; default `{agentUrl}/.well-known/jwks.json`. A token naming another `jku` is refused. */
  readonly jwksUrl?: string;
  /** Oldest token accepted, by its `iat`; default 300 s. */
  readonly maxTokenAgeSeconds?: number;
  /** Clock skew tolerated on `iat` and `exp`; default 30 s. */
  readonly clockToleranceSeconds?: number;
  /** Accepted algorithms (asymmetric only); default ES256, ES384, ES512, EdDSA, RS256, PS256. */
  readonly algorithms?: readonly string[];
  /** Fetches the JWKS; default the global `fetch`. */
  readonly fetch?: FetchLike;
}

/** A verified delivery. */
export interface VerifiedPushNotification {
  /** The event, as A2A 1.0 whatever version the config was registered through. */
  readonly event: StreamResponse;
  readonly taskId: string;
  /** The token's unique id (for replay detection) and its expiry, in seconds since the epoch. */
  readonly jti: string;
  readonly expiresAt: number;
  /** The version of the payload as sent. */
  readonly version: '1.0' | '0.3';
  readonly claims: JWTPayload;
}

/** Verifies one incoming push request; rejects with {@link PushVerificationError}. Reads the body. */
export type PushVerifier = (request: Request) => Promise<VerifiedPushNotification>;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

function bearerOf(request: Request): string | undefined {
  const dedicated = request.headers.get(PUSH_JWT_HEADER);
  if (dedicated) return dedicated.trim();
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '');
  return match?.[1];
}

/** Compares in time that does not depend on where the strings differ. */
function sameText(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let difference = left.length ^ right.length;
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    difference |= (left[index] ?? 0) ^ (right[index] ?? 0);
  }
  return difference === 0;
}

function refusalOf(error: unknown, options: { agentUrl: string; webhookUrl: string }): PushVerificationError {
  if (error instanceof PushVerificationError) return error;
  if (error instanceof errors.JWTExpired) {
    // jose reports a token older than maxTokenAge as expired on its `iat` claim.
    return error.claim === 'iat'
      ? new PushVerificationError('stale', 'The token was issued too long ago')
      : new PushVerificationError('expired', 'The token has expired');
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') {
      return new PushVerificationError('wrong-issuer', `The token was not issued by ${options.agentUrl}`);
    }
    if (error.claim === 'aud') {
      return new PushVerificationError(
        'wrong-audience',
        `The token is not for this webhook (${options.webhookUrl})`,
      );
    }
    if (error.claim === 'iat')
      return new PushVerificationError('stale', `The token is too old: ${error.message}`);
    return new PushVerificationError(
      'bad-token',
      `The token's ${error.claim} claim is invalid: ${error.message}`,
    );
  }
  if (error instanceof errors.JOSEAlgNotAllowed) {
    return new PushVerificationError(
      'bad-token',
      'The token is signed with an algorithm that is not accepted',
    );
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) {
    return new PushVerificationError(
      'bad-signature',
      "The token's signature does not verify with the agent's keys",
    );
  }
  if (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    error instanceof errors.JOSEError
  ) {
    if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
      return new PushVerificationError(
        'jwks-unavailable',
        `The agent's keys could not be read: ${error.message}`,
      );
    }
    return new PushVerificationError('bad-token', `The token is not valid: ${error.message}`);
  }
  // Anything else comes from fetching the JWKS (a network error, a non-200 answer).
  const message = error instanceof Error ? error.message : String(error);
  return new PushVerificationError('jwks-unavailable', `The agent's keys could not be read: ${message}`);
}

function parseEvent(body: string): { event: StreamResponse; version: '1.0' | '0.3' } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new PushVerificationError('bad-body', 'The body is not JSON');
  }
  if (json !== null && typeof json === 'object' && 'kind' in json) {
    const parsed = v03.StreamEventSchema.safeParse(json);
    if (!parsed.success) throw new PushVerificationError('bad-body', 'The body is not an A2A 0.3 event');
    return { event: translate.streamResponseFromV03(parsed.data), version: '0.3' };
  }
  const parsed = StreamResponseSchema.safeParse(json);
  if (!parsed.success) throw new PushVerificationError('bad-body', 'The body is not an A2A StreamResponse');
  return { event: parsed.data, version: '1.0' };
}

function taskIdOf(event: StreamResponse): string | undefined {
  if ('task' in event) return event.task.id;
  if ('statusUpdate' in event) return event.statusUpdate.taskId;
  if ('artifactUpdate' in event) return event.artifactUpdate.taskId;
  return event.message.taskId;
}

/**
 * Creates the verifier of an agent's push deliveries: the JWT (from `X-A2A-Notification-JWT`, else
 * `Authorization: Bearer`) must be signed by a key in the agent's JWKS (fetched once and cached; fetched
 * again for an unknown `kid`), issued by `agentUrl` for `webhookUrl`, fresh, and carry the SHA-256 of the exact
 * body; the body must be an A2A event about the token's task; the notification token must match when given.
 * Replays are the caller's to refuse (see {@link createPushWebhook}, which does).
 *
 * @example
 * const verify = createPushVerifier({ agentUrl: 'https://agent.example', webhookUrl: 'https://me.example/hook' });
 * const { event, taskId } = await verify(request);
 */
export function createPushVerifier(options: PushVerifierOptions): PushVerifier {
  const agentUrl = trimSlash(options.agentUrl);
  const jwksUrl = options.jwksUrl ?? `${agentUrl}${PUSH_JWKS_PATH}`;
  const fetchJwks = options.fetch;
  const keys = createRemoteJWKSet(new URL(jwksUrl), {
    ...(fetchJwks ? { [customFetch]: (url: string, init: RequestInit) => fetchJwks(url, init) } : {}),
  });
  const algorithms = [...(options.algorithms ?? ASYMMETRIC_ALGORITHMS)];
  const maxAge = options.maxTokenAgeSeconds ?? 300;
  const tolerance = options.clockToleranceSeconds ?? 30;
  const context = { agentUrl, webhookUrl: options.webhookUrl };

  return async (request) => {
    try {
      const token = bearerOf(request);
      if (!token) {
        throw new PushVerificationError(
          'missing-token',
          `The request carries no signed token (Authorization: Bearer or ${PUSH_JWT_HEADER})`,
        );
      }
      let header: ReturnType<typeof decodeProtectedHeader>;
      try {
        header = decodeProtectedHeader(token);
      } catch {
        throw new PushVerificationError('bad-token', 'The token is not a JWS');
      }
      if (header.jku !== undefined && header.jku !== jwksUrl) {
        throw new PushVerificationError(
          'wrong-jwks',
          `The token names keys at ${header.jku}, not ${jwksUrl}`,
        );
      }
      const { payload } = await jwtVerify(token, keys, {
        issuer: [agentUrl, `${agentUrl}/`],
        audience: options.webhookUrl,
        algorithms,
        clockTolerance: tolerance,
        maxTokenAge: maxAge,
        requiredClaims: ['iss', 'aud', 'iat', 'exp', 'jti'],
      });
      const body = await request.text();
      const hash = payload[PUSH_BODY_HASH_CLAIM];
      if (typeof hash !== 'string' || !sameText(hash.toLowerCase(), await sha256Hex(body))) {
        throw new PushVerificationError('body-mismatch', 'The body is not the one the token was signed for');
      }
      const taskId = payload.taskId;
      if (typeof taskId !== 'string') throw new PushVerificationError('bad-token', 'The token names no task');
      const { event, version } = parseEvent(body);
      const about = taskIdOf(event);
      if (about !== undefined && about !== taskId) {
        throw new PushVerificationError(
          'bad-body',
          `The body is about task ${about}, the token about ${taskId}`,
        );
      }
      if (options.token !== undefined) {
        const expected = typeof options.token === 'function' ? await options.token(taskId) : options.token;
        const given = request.headers.get(PUSH_NOTIFICATION_TOKEN_HEADER) ?? '';
        if (expected === undefined || !sameText(given, expected)) {
          throw new PushVerificationError(
            'wrong-notification-token',
            `The ${PUSH_NOTIFICATION_TOKEN_HEADER} header does not match the push config's token`,
          );
        }
      }
      return {
        event,
        taskId,
        jti: payload.jti as string,
        expiresAt: payload.exp as number,
        version,
        claims: payload,
      };
    } catch (error) {
      throw refusalOf(error, context);
    }
  };
}
