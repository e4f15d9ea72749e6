import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { jsonError, storeUnavailable } from '../http/json-errors.ts';
import { parseIdempotencyKey } from './idempotency-key.ts';
import type { IdempotencyRecords } from './idempotency-records.ts';

/** What a route behind the middleware learns of the key its request came with (`c.get('idempotency')`). */
export interface IdempotencyContext {
  readonly scope: string;
  readonly key: string;
}

declare module 'hono' {
  interface ContextVariableMap {
    idempotency?: IdempotencyContext;
  }
}

/** Options of {@link idempotencyKeys}. */
export interface IdempotencyOptions {
  /** Who the caller is (their keys are theirs alone); `''` without credentials. */
  readonly scopeOf: (c: Context) => string;
  /**
   * How long a claim lasts without renewal: a request renews it every third of it while under way, so a retry
   * after its instance died takes the key over this long after the death; default 10 s.
   */
  readonly lockMs?: number;
  /** Told when an answer could not be kept (a retry then runs the request again, as after a crash). */
  readonly onError?: (error: unknown) => void;
}

// Answers worth trying again are not kept: the key is freed with them.
const TRANSIENT = new Set([408, 425, 429, 502, 503, 504]);

/**
 * `Idempotency-Key` on the writes it is mounted on (IETF httpapi draft): the first request with a key runs and its
 * answer (status and body) is kept in the runs' store; the same key with the same request (method, path and body)
 * is answered with it again, with `Idempotent-Replayed: true`, on any instance; with another request, 422
 * IDEMPOTENCY_KEY_REUSED; while the first is under way, 409 IDEMPOTENCY_KEY_IN_PROGRESS with `Retry-After`. An
 * answer of 5xx, 408, 425 or 429 is not kept (nothing was done, or it may be tried again). A request without the
 * header is served as before.
 */
export function idempotencyKeys(records: IdempotencyRecords, options: IdempotencyOptions): MiddlewareHandler {
  const lockMs = options.lockMs ?? 10_000;
  return async (c, next) => {
    const header = c.req.header('idempotency-key');
    if (header === undefined) return next();
    const key = parseIdempotencyKey(header);
    if (key === undefined) {
      return jsonError(
        c,
        400,
        'INVALID_IDEMPOTENCY_KEY',
        'Idempotency-Key must be 1 to 255 printable ASCII characters, as a quoted string or a bare token',
      );
    }
    let body: string;
    try {
      body = await c.req.text();
    } catch {
      // The body could not be read (too large, cut off): the route answers that as it always does.
      return next();
    }
    const scope = options.scopeOf(c);
    const fingerprint = createHash('sha256')
      .update(`${c.req.method} ${c.req.path}\n${body}`)
      .digest('base64url');
    let claim: Awaited<ReturnType<IdempotencyRecords['claim']>>;
    try {
      claim = await records.claim({ scope, key, fingerprint }, lockMs);
    } catch {
      return storeUnavailable(c);
    }
    if (claim.kind === 'mismatch') {
      return jsonError(
        c,
        422,
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was used for another request (another path or body); a new request needs a new key',
      );
    }
    if (claim.kind === 'in-progress') {
      c.header('Retry-After', '1');
      return jsonError(
        c,
        409,
        'IDEMPOTENCY_KEY_IN_PROGRESS',
        'A request with this Idempotency-Key is under way; try again once it has been answered',
      );
    }
    if (claim.kind === 'completed') {
      const { response } = claim;
      return c.body(response.body, response.status as ContentfulStatusCode, {
        'Content-Type': response.contentType,
        'Idempotent-Replayed': 'true',
      });
    }
    c.set('idempotency', { scope, key });
    // Held while the request is under way (a `wait: true` run may take minutes); a lapse is a dead instance.
    const renewal = setInterval(
      () => void records.extend(scope, key, lockMs).catch(() => undefined),
      Math.max(10, Math.floor(lockMs / 3)),
    );
    try {
      await next();
    } catch (error) {
      await records.release(scope, key).catch(() => undefined);
      throw error;
    } finally {
      clearInterval(renewal);
    }
    const answered = c.res;
    try {
      if (answered.status >= 500 || TRANSIENT.has(answered.status)) {
        await records.release(scope, key);
      } else {
        await records.complete(scope, key, {
          status: answered.status,
          contentType: answered.headers.get('content-type') ?? 'application/json',
          body: await answered.clone().text(),
        });
      }
    } catch (error) {
      options.onError?.(error);
    }
  };
}
