import type { InTaskOAuthRequest } from '@baton/protocol';
import { isA2AClientError } from '../errors/client-error.ts';
import {
  backoffDelay,
  DEFAULT_ATTEMPTS,
  parseRetryAfter,
  RETRYABLE_STATUSES,
  type RetryOptions,
  sleep,
} from '../retry/retry-policy.ts';
import type { CallSignal } from './call-signal.ts';
import { toCallError } from './call-signal.ts';
import type { FetchLike } from './fetch-like.ts';
import type { HttpRequest, Interceptor } from './interceptor.ts';

/** Adds credentials to a request (see `createAuthenticator` in `auth/`); called before every attempt. */
export type Authenticate = ((request: { url: URL; headers: Headers }) => void | Promise<void>) & {
  /**
   * Called when the agent answered 401: drop what it refused (cached tokens). `true` when new credentials may be
   * had, so the call is sent once more with them.
   */
  refused?(): boolean;
  /**
   * Called when an agent's AUTH_REQUIRED asks for a token with more scopes (`IN_TASK_OAUTH_EXTENSION`): gets one.
   * `true` when it did, so the client replies on the task with it; `false` leaves the AUTH_REQUIRED as the answer.
   */
  reauthorize?(request: InTaskOAuthRequest): Promise<boolean>;
};

/** What every HTTP call of one client shares. */
export interface HttpClientOptions {
  readonly fetch?: FetchLike;
  readonly headers?: Readonly<Record<string, string>>;
  readonly interceptors?: readonly Interceptor[];
  readonly authenticate?: Authenticate;
  readonly retry?: RetryOptions;
}

/** One HTTP call: where, what, and whether it may be repeated. */
export interface HttpCall {
  readonly operation: string;
  readonly url: string;
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Whether a failed attempt may be repeated (NETWORK errors, 502/503/504, 429 with Retry-After). */
  readonly retryable: boolean;
}

/**
 * Sends one HTTP call through the interceptors, with credentials, and retries it when it is retryable. Resolves
 * with the last response (whatever its status); rejects with TIMEOUT, ABORTED or NETWORK client errors.
 */
export async function sendHttpRequest(
  client: HttpClientOptions,
  call: HttpCall,
  signal: CallSignal,
  parent: AbortSignal | undefined,
): Promise<Response> {
  const fetchImpl = client.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const attempts = call.retryable ? Math.max(1, client.retry?.attempts ?? DEFAULT_ATTEMPTS) : 1;
  let reauthenticated = false;
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= attempts;
    let response: Response;
    try {
      const request = await prepare(client, call, signal.signal);
      response = await fetchImpl(request.url, request.init);
      for (const interceptor of client.interceptors ?? []) {
        const replaced = await interceptor.after?.(response, { request, attempt });
        if (replaced) response = replaced;
      }
    } catch (error) {
      const mapped = toCallError(error, signal, parent);
      if (last || !isA2AClientError(mapped, 'NETWORK')) throw mapped;
      await wait(client.retry, attempt, undefined, signal, parent);
      continue;
    }
    // A refused credential (an expired or revoked token) is renewed, and the call sent once more, whatever it is.
    if (response.status === 401 && !reauthenticated && client.authenticate?.refused?.() === true) {
      reauthenticated = true;
      await response.body?.cancel().catch(() => {});
      attempt -= 1;
      continue;
    }
    if (last || !RETRYABLE_STATUSES.has(response.status)) return response;
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    if (response.status === 429 && retryAfter === undefined) return response;
    await response.body?.cancel().catch(() => {});
    await wait(client.retry, attempt, retryAfter, signal, parent);
  }
}

async function prepare(client: HttpClientOptions, call: HttpCall, signal: AbortSignal): Promise<HttpRequest> {
  const headers = new Headers(client.headers);
  for (const [name, value] of Object.entries(call.headers)) headers.set(name, value);
  const url = new URL(call.url);
  await client.authenticate?.({ url, headers });
  const init: HttpRequest['init'] = { method: call.method, headers, signal };
  if (call.body !== undefined) init.body = call.body;
  const request: HttpRequest = { url: url.toString(), init, operation: call.operation };
  for (const interceptor of client.interceptors ?? []) await interceptor.before?.(request);
  return request;
}

async function wait(
  retry: RetryOptions | undefined,
  attempt: number,
  atLeastMs: number | undefined,
  call: CallSignal,
  parent: AbortSignal | undefined,
): Promise<void> {
  const ms = Math.max(backoffDelay(attempt - 1, retry), atLeastMs ?? 0);
  try {
    await (retry?.sleep ?? sleep)(ms, call.signal);
  } catch (error) {
    throw toCallError(error, call, parent);
  }
  if (call.signal.aborted) throw toCallError(call.signal.reason, call, parent);
}
