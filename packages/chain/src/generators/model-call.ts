import { setTimeout as sleep } from 'node:timers/promises';
import { AgentFailure } from '@baton/server';
import OpenAI from 'openai';
import type { ProgressReport } from './generators.ts';

/** How the LLM generators reach their model and how patiently. */
export interface ModelConnection {
  readonly client: OpenAI;
  readonly model: string;
  readonly baseURL: string;
  /** Per request, in ms (the client's own timeout; named in the failure so the user knows what to raise). */
  readonly timeoutMs: number;
  /** Requests per call, the first included (default 3): 429, 5xx, timeouts and refused connections are retried. */
  readonly attempts: number;
  /** The longest `Retry-After` honoured, in ms; a server asking for more fails the call at once (default 60 s). */
  readonly maxRetryAfterMs: number;
  /** The secret to keep out of any message (the API key). */
  readonly secret?: string;
}

/**
 * Calls the model through `call`, retrying what a retry can fix: a 408, 409, 429 or 5xx answer, a timeout or a
 * refused connection, up to `attempts` requests, waiting as the server's `Retry-After` (or `retry-after-ms`) asks,
 * else 1 s, 2 s, 4 s… Before each wait, `progress` hears "Waiting for the model (attempt 2 of 3, retrying in 3 s):
 * the server answered 429". What cannot be fixed, or is still failing on the last attempt, throws an
 * {@link AgentFailure} whose message says what failed and what to change, without the API key; the task fails
 * with those words.
 */
export async function callModel<T>(
  connection: ModelConnection,
  input: { readonly signal: AbortSignal; readonly progress?: ProgressReport | undefined },
  call: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (input.signal.aborted) throw error;
      const retryable = isRetryable(error);
      const delayMs = retryable ? retryDelayMs(error, attempt) : 0;
      const tooLong = delayMs > connection.maxRetryAfterMs;
      if (!retryable || attempt >= connection.attempts || tooLong) {
        const tries = attempt > 1 ? `; tried ${attempt} times` : '';
        const wait = tooLong
          ? `; it asks to wait ${Math.ceil(delayMs / 1000)} s, more than the ${connection.maxRetryAfterMs / 1000} s Baton waits`
          : '';
        throw new AgentFailure(`${describeModelError(error, connection)}${wait}${tries}`, { cause: error });
      }
      await input.progress?.(
        `Waiting for the model (attempt ${attempt + 1} of ${connection.attempts}, retrying in ${formatSeconds(delayMs)}): ${shortReason(error, connection)}`,
      );
      await sleep(delayMs, undefined, { signal: input.signal });
    }
  }
}

/** Whether a retry can fix the error: the server was busy or failing, or did not answer in time. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof OpenAI.APIUserAbortError) return false;
  if (error instanceof OpenAI.APIConnectionError) return true;
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
    return error.status === 408 || error.status === 409 || error.status === 429 || error.status >= 500;
  }
  return false;
}

/** The wait before the next attempt: what the server asks (`retry-after-ms`, `Retry-After` seconds or date), else 2^(attempt-1) s. */
export function retryDelayMs(error: unknown, attempt: number, now = Date.now()): number {
  const headers = error instanceof OpenAI.APIError ? error.headers : undefined;
  const milliseconds = Number(headers?.get('retry-after-ms'));
  if (headers?.get('retry-after-ms') && Number.isFinite(milliseconds) && milliseconds >= 0)
    return milliseconds;
  const retryAfter = headers?.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+(?:\.\d+)?$/.test(retryAfter)) return Number(retryAfter) * 1000;
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  return 1000 * 2 ** (attempt - 1);
}

/** What failed, in words a user can act on, with the setting to change; never the API key. */
export function describeModelError(error: unknown, connection: ModelConnection): string {
  const at = `the model's server at ${connection.baseURL}`;
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return `The model did not answer within ${formatSeconds(connection.timeoutMs)} (BATON_LLM_TIMEOUT_MS=${connection.timeoutMs}) at ${connection.baseURL}`;
  }
  if (error instanceof OpenAI.APIConnectionError) {
    const code = causeCode(error);
    return `Could not reach ${at}${code ? ` (${code})` : ''}: check BATON_LLM_BASE_URL and that the server is running`;
  }
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
    const said = providerMessage(error, connection);
    const hint =
      error.status === 401 || error.status === 403
        ? ': check BATON_LLM_API_KEY'
        : error.status === 404
          ? `: check BATON_LLM_MODEL (${JSON.stringify(connection.model)}) and BATON_LLM_BASE_URL`
          : '';
    return `The model's server answered ${error.status}${said ? ` ${said}` : ''}${hint}`;
  }
  if (error instanceof AgentFailure) return error.message;
  return `The call to ${at} failed: ${redact(error instanceof Error ? error.message : String(error), connection)}`;
}

function shortReason(error: unknown, connection: ModelConnection): string {
  if (error instanceof OpenAI.APIConnectionTimeoutError)
    return `no answer within ${formatSeconds(connection.timeoutMs)}`;
  if (error instanceof OpenAI.APIConnectionError) return `could not reach ${connection.baseURL}`;
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
    const said = providerMessage(error, connection);
    return `the server answered ${error.status}${said ? ` ${said}` : ''}`;
  }
  return 'the call failed';
}

/** The provider's own error message (`{"error": {"message": …}}`), shortened and redacted. */
function providerMessage(error: InstanceType<typeof OpenAI.APIError>, connection: ModelConnection): string {
  const body = error.error as { message?: unknown } | undefined;
  const raw = typeof body?.message === 'string' ? body.message : '';
  const text = redact(raw.replace(/\s+/g, ' ').trim(), connection);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

function redact(text: string, connection: ModelConnection): string {
  let safe = text.replace(/\b(?:sk|pk|rk)-[A-Za-z0-9_-]{8,}/g, '[redacted]');
  if (connection.secret && connection.secret.length >= 6)
    safe = safe.replaceAll(connection.secret, '[redacted]');
  return safe;
}

function causeCode(error: Error): string | undefined {
  let cause: unknown = error.cause;
  for (let depth = 0; depth < 4 && cause; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
