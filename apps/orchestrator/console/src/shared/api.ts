import { authHeaders, keyNeeded } from './credentials.ts';

/**
 * Calls the orchestrator's JSON API on the page's own origin; rejects with the API's error message. A write is
 * always JSON (`{}` when it has nothing to say): the API refuses any other content type.
 */
export async function api<T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> {
  const method = init?.method ?? 'GET';
  const write = method !== 'GET' && method !== 'HEAD';
  const request = {
    method,
    headers: {
      ...authHeaders(),
      ...(write ? { 'content-type': 'application/json' } : {}),
      ...(method === 'POST' ? { 'idempotency-key': newIdempotencyKey() } : {}),
    },
    ...(write ? { body: JSON.stringify(init?.body ?? {}) } : {}),
  };
  const response = method === 'POST' ? await sendWithRetries(path, request) : await fetch(path, request);
  if (response.status === 401) keyNeeded();
  const text = await response.text();
  const json = text === '' ? undefined : (JSON.parse(text) as unknown);
  if (!response.ok) {
    const message = (json as { error?: { message?: string } } | undefined)?.error?.message;
    throw new Error(message ?? `HTTP ${response.status}`);
  }
  return json as T;
}

/** A time as the page shows it: hours, minutes, seconds and milliseconds, local. */
/** A date and time as a list of runs shows it: "27 Nov 14:05", with the year when it is not this one. */
export function dateAndTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const sameYear = date.getFullYear() === now.getFullYear();
  const day = date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return `${day} ${time}`;
}

/** A task state as the console writes it: `input-required`, as the run statuses are written. */
export function stateLabel(state: string): string {
  return state.replace('TASK_STATE_', '').toLowerCase().replace(/_/g, '-');
}

export function clock(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/** Waits before each retry of a write whose answer was lost: about 7 s in all. */
const RETRY_DELAYS_MS = [250, 750, 2_000, 4_000];

/**
 * Sends a write again, with the same `Idempotency-Key`, while its answer is lost (the network failed) or says to
 * try again (502, 503, 504, or 409 while the first with the key is under way): the orchestrator does it once.
 */
async function sendWithRetries(path: string, request: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    const delay = RETRY_DELAYS_MS[attempt];
    try {
      const response = await fetch(path, request);
      if (delay === undefined || !(await worthRetrying(response))) return response;
    } catch (error) {
      if (delay === undefined) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

async function worthRetrying(response: Response): Promise<boolean> {
  if (response.status === 502 || response.status === 503 || response.status === 504) return true;
  if (response.status !== 409) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { error?: { code?: string } } | undefined;
  return body?.error?.code === 'IDEMPOTENCY_KEY_IN_PROGRESS';
}

/** A random key (from `getRandomValues`, which pages served over plain HTTP have too, unlike `randomUUID`). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `"${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}"`;
}
