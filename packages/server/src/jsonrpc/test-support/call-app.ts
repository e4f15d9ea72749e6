/** Test helpers: POST a JSON-RPC body to a Hono app through `app.request()` (no sockets) and read SSE frames. */
import type { Hono } from 'hono';

export const ENDPOINT = 'http://127.0.0.1/';

/** How to send one request. */
export interface PostOptions {
  /** `A2A-Version` header; leave out for a 0.3 caller. */
  readonly version?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
  /** Path and query to append to the endpoint, e.g. `?A2A-Version=1.0`. */
  readonly query?: string;
}

/** POSTs `body` (a string is sent as is, anything else as JSON). */
export function post(app: Hono, body: unknown, options: PostOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...options.headers };
  if (options.version !== undefined) headers['A2A-Version'] = options.version;
  return Promise.resolve(
    app.request(`${ENDPOINT}${options.query ?? ''}`, {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
      ...(options.signal ? { signal: options.signal } : {}),
    }),
  );
}

/** A JSON-RPC request object. */
export function rpc(method: string, params?: unknown, id: string | number = 1): Record<string, unknown> {
  return { jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) };
}

/** POSTs one JSON-RPC request and returns the parsed JSON response (asserting it is JSON). */
export async function call(
  app: Hono,
  method: string,
  params?: unknown,
  options: PostOptions = {},
): Promise<JsonRpcReply> {
  const response = await post(app, rpc(method, params), options);
  return readJson(response);
}

/** What a JSON-RPC response body holds. */
export interface JsonRpcReply {
  readonly jsonrpc: string;
  readonly id: unknown;
  readonly result?: unknown;
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown };
}

/** Reads a JSON body, failing the test if the response is not 200 `application/json`. */
export async function readJson(response: Response): Promise<JsonRpcReply> {
  const type = response.headers.get('Content-Type');
  if (type !== 'application/json') throw new Error(`expected application/json, got ${type}`);
  if (response.status !== 200) throw new Error(`expected HTTP 200, got ${response.status}`);
  return (await response.json()) as JsonRpcReply;
}

/** One SSE frame: its event type (default `message`), its raw `data` text and that text parsed. */
export interface SseFrame {
  readonly event: string;
  readonly data: string;
  readonly json: JsonRpcReply;
}

/** Splits an SSE body into frames, skipping comment-only blocks (heartbeats). */
export function parseSseFrames(text: string): SseFrame[] {
  const frames: SseFrame[] = [];
  for (const block of text.split('\n\n')) {
    const lines = block.split('\n').filter((line) => line !== '' && !line.startsWith(':'));
    if (lines.length === 0) continue;
    let event = 'message';
    const data: string[] = [];
    for (const line of lines) {
      if (line.startsWith('event: ')) event = line.slice('event: '.length);
      else if (line.startsWith('data: ')) data.push(line.slice('data: '.length));
      else throw new Error(`unexpected SSE line: ${line}`);
    }
    if (data.length !== 1) throw new Error(`expected exactly one data line, got ${data.length}`);
    const [only = ''] = data;
    frames.push({ event, data: only, json: JSON.parse(only) as JsonRpcReply });
  }
  return frames;
}

/** Reads a whole SSE response, failing the test if it is not 200 `text/event-stream`. */
export async function readSse(response: Response): Promise<SseFrame[]> {
  const type = response.headers.get('Content-Type');
  if (type !== 'text/event-stream') throw new Error(`expected text/event-stream, got ${type}`);
  if (response.status !== 200) throw new Error(`expected HTTP 200, got ${response.status}`);
  return parseSseFrames(await response.text());
}
