import { authHeaders, keyNeeded } from './credentials.ts';

/**
 * Calls the orchestrator's JSON API on the page's own origin; rejects with the API's error message. A write is
 * always JSON (`{}` when it has nothing to say): the API refuses any other content type.
 */
export async function api<T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> {
  const method = init?.method ?? 'GET';
  const write = method !== 'GET' && method !== 'HEAD';
  const response = await fetch(path, {
    method,
    headers: { ...authHeaders(), ...(write ? { 'content-type': 'application/json' } : {}) },
    ...(write ? { body: JSON.stringify(init?.body ?? {}) } : {}),
  });
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
