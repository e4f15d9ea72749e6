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
export function clock(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}
