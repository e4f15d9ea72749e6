/**
 * Follows a server-sent event stream with `fetch` (not `EventSource`, which cannot send the API key header):
 * calls `onEvent` for each event, and resolves when the server ends the stream or `signal` aborts.
 */
import { createParser } from 'eventsource-parser';
import { authHeaders, keyNeeded } from './credentials.ts';

export async function followEvents(
  path: string,
  onEvent: (type: string, data: string) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch(path, { headers: { ...authHeaders(), accept: 'text/event-stream' }, signal });
  if (response.status === 401) keyNeeded();
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  const parser = createParser({ onEvent: (event) => onEvent(event.event ?? 'message', event.data) });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(value);
  }
}
