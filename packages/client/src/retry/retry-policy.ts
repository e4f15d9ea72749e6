import { A2AClientError } from '../errors/client-error.ts';

/** How the client retries idempotent calls: exponential backoff with full jitter. */
export interface RetryOptions {
  /** Attempts in all, the first included; default 3 (1 turns retries off). */
  readonly attempts?: number;
  /** Backoff base in milliseconds; the n-th retry waits up to `baseDelayMs * 2^n`; default 200. */
  readonly baseDelayMs?: number;
  /** Upper bound of one wait in milliseconds; default 5,000. */
  readonly maxDelayMs?: number;
  /** Also retry `sendMessage` / `sendStreamingMessage` (the same body, so the same `messageId`); default false. */
  readonly retrySend?: boolean;
  /** Waits `ms` or rejects when `signal` aborts; inject it to make tests instant. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** A number in [0, 1) for the jitter; default `Math.random`. */
  readonly random?: () => number;
}

/** HTTP statuses that say "try again later" (429 only counts with a `Retry-After`). */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** The default number of attempts of an idempotent call. */
export const DEFAULT_ATTEMPTS = 3;

/** Full-jitter exponential backoff: a random wait in [0, min(max, base * 2^retry)) before retry number `retry` (0-based). */
export function backoffDelay(retry: number, options: RetryOptions = {}): number {
  const base = options.baseDelayMs ?? 200;
  const max = options.maxDelayMs ?? 5_000;
  const random = options.random ?? Math.random;
  return Math.floor(random() * Math.min(max, base * 2 ** retry));
}

/** Reads a `Retry-After` header (seconds or an HTTP date) into milliseconds; undefined if absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1_000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits `ms` milliseconds; rejects with an ABORTED client error when `signal` aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => new A2AClientError('ABORTED', 'The call was aborted', { cause: signal?.reason });
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
