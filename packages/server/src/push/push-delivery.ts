import { findForbiddenWebhookAddress } from './forbidden-webhook-address-error.ts';
import type { PushRequest } from './push-payload.ts';

/** The subset of `fetch` delivery uses; inject one for tests or a custom agent. */
export type PushFetch = (url: string, init: RequestInit) => Promise<Response>;

/** Retry timing: exponential backoff with full jitter, `random() * min(maxMs, baseMs * 2^attempt)`. */
export interface PushBackoff {
  /** Delay cap before jitter for the first retry. Default 500 ms. */
  readonly baseMs?: number;
  /** Largest delay cap. Default 30 s. */
  readonly maxMs?: number;
  /** Waits `ms`, resolving early when `signal` fires. Default: a timer. */
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** A number in [0, 1). Default `Math.random`. */
  readonly random?: () => number;
}

/** Everything one delivery (with its retries) needs. */
export interface DeliveryPlan {
  readonly url: string;
  readonly request: PushRequest;
  readonly fetch: PushFetch;
  readonly timeoutMs: number;
  readonly retries: number;
  readonly backoff: PushBackoff;
  /** Rejects when the URL may no longer be called (re-checked before every attempt). */
  readonly checkUrl: (url: string) => Promise<void>;
  /** Headers made afresh for each attempt (the signed JWT: a new `jti` and `iat` every time). */
  readonly attemptHeaders?: () => Promise<Readonly<Record<string, string>>>;
  /** Fires when delivery must be abandoned (shutdown deadline). */
  readonly abandon: AbortSignal;
  /**
   * Set when every attempt carries the same token id: the webhook may then answer a repeat with 409 (a replay of
   * a token it took), which means it already has the delivery. `true` when even the first attempt may be a repeat
   * (a delivery taken over from a process that died); `false` for attempts after the first only.
   */
  readonly sentBefore?: boolean;
}

/** How a delivery ended. */
export type DeliveryOutcome =
  | { readonly ok: true; readonly attempts: number; readonly repeat?: true }
  | { readonly ok: false; readonly attempts: number; readonly reason: string };

/** Sleeps on a timer, waking early on abort. */
export function timerSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

// `fetch failed` says nothing; its cause (ECONNREFUSED, a TLS error) says what happened.
function describeFailure(error: unknown): unknown {
  if (error instanceof TypeError && error.cause instanceof Error)
    return new Error(`${error.message}: ${error.cause.message}`);
  return error;
}

type Attempt = {
  readonly ok: boolean;
  readonly retry: boolean;
  readonly reason: string;
  readonly repeat?: true;
};

async function attempt(plan: DeliveryPlan, mayBeRepeat: boolean): Promise<Attempt> {
  try {
    await plan.checkUrl(plan.url);
  } catch (error) {
    return { ok: false, retry: false, reason: error instanceof Error ? error.message : String(error) };
  }
  const controller = new AbortController();
  const onAbandon = () => controller.abort(new Error('abandoned at shutdown'));
  plan.abandon.addEventListener('abort', onAbandon, { once: true });
  const timer = setTimeout(
    () => controller.abort(new Error(`timed out after ${plan.timeoutMs} ms`)),
    plan.timeoutMs,
  );
  try {
    const headers = plan.attemptHeaders
      ? { ...plan.request.headers, ...(await plan.attemptHeaders()) }
      : plan.request.headers;
    const response = await plan.fetch(plan.url, {
      method: 'POST',
      headers,
      body: plan.request.body,
      redirect: 'manual',
      signal: controller.signal,
    });
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { ok: true, retry: false, reason: '' };
    if (response.status === 409 && mayBeRepeat) return { ok: true, retry: false, reason: '', repeat: true };
    const retry = response.status === 408 || response.status === 429 || response.status >= 500;
    return { ok: false, retry, reason: `the webhook answered HTTP ${response.status}` };
  } catch (error) {
    const forbidden = findForbiddenWebhookAddress(error);
    if (forbidden) return { ok: false, retry: false, reason: forbidden.message };
    const cause = controller.signal.aborted ? controller.signal.reason : describeFailure(error);
    return { ok: false, retry: true, reason: cause instanceof Error ? cause.message : String(cause) };
  } finally {
    clearTimeout(timer);
    plan.abandon.removeEventListener('abort', onAbandon);
  }
}

/**
 * POSTs one notification: each attempt has its own timeout; network errors, timeouts, 408, 429 and 5xx are
 * retried up to `retries` times with backoff; other statuses, redirects and refused URLs are not. A 409 to a
 * delivery that may have reached the webhook before (see {@link DeliveryPlan.sentBefore}) counts as delivered.
 */
export async function deliver(plan: DeliveryPlan): Promise<DeliveryOutcome> {
  const baseMs = plan.backoff.baseMs ?? 500;
  const maxMs = plan.backoff.maxMs ?? 30_000;
  const sleep = plan.backoff.sleep ?? timerSleep;
  const random = plan.backoff.random ?? Math.random;
  let reason = 'abandoned at shutdown';
  for (let attempts = 1; attempts <= plan.retries + 1; attempts += 1) {
    if (plan.abandon.aborted) return { ok: false, attempts: attempts - 1, reason };
    const mayBeRepeat = plan.sentBefore !== undefined && (plan.sentBefore || attempts > 1);
    const result = await attempt(plan, mayBeRepeat);
    if (result.ok) return result.repeat ? { ok: true, attempts, repeat: true } : { ok: true, attempts };
    reason = result.reason;
    if (!result.retry || attempts > plan.retries) return { ok: false, attempts, reason };
    await sleep(random() * Math.min(maxMs, baseMs * 2 ** (attempts - 1)), plan.abandon);
  }
  return { ok: false, attempts: plan.retries + 1, reason };
}
