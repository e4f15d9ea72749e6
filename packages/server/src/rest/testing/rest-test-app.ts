import { Hono } from 'hono';
import { createRestApp, type RestAppOptions } from '../create-rest-app.ts';
import { createFakeHandler, type RecordedCall } from './fake-request-handler.ts';

/** Where the tests mount the binding, as the server does. */
export const BASE = '/a2a/rest';

/** The header of a 1.0 call. */
export const V1_HEADERS = { 'A2A-Version': '1.0' } as const;

/** One failure the binding logged. */
export interface LoggedFailure {
  readonly message: string;
  readonly details: Readonly<Record<string, unknown>>;
}

/** The binding mounted at {@link BASE} over the fake handler, with its recorded calls and logged failures. */
export function createTestApp(options: Partial<RestAppOptions> = {}) {
  const { handler, calls } = createFakeHandler();
  const logged: LoggedFailure[] = [];
  const rest = createRestApp({
    handler,
    heartbeatMs: 0,
    logger: { error: (message, details = {}) => logged.push({ message, details }) },
    ...options,
  });
  const app = new Hono().route(BASE, rest);
  return { app, calls, logged };
}

/** The only call recorded, failing the test when there is not exactly one. */
export function onlyCall(calls: readonly RecordedCall[]): RecordedCall {
  if (calls.length !== 1) throw new Error(`expected one handler call, got ${calls.length}`);
  const [call] = calls;
  if (call === undefined) throw new Error('unreachable');
  return call;
}

/** A POST with a JSON body. */
export function postJson(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

/** One SSE frame: its event name (when not the default) and its parsed `data`. */
export interface SseFrame {
  readonly event?: string;
  readonly data: unknown;
}

/** Reads a whole SSE response into frames, skipping comments (heartbeats). */
export async function readSseFrames(response: Response): Promise<SseFrame[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '' && !block.startsWith(':'))
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length);
      const data = lines
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice('data: '.length))
        .join('\n');
      return { ...(event === undefined ? {} : { event }), data: JSON.parse(data) };
    });
}
