/** Plain `fetch` helpers for the raw-HTTP tests: JSON-RPC posts and an incremental SSE frame reader. */

/** POSTs a JSON-RPC request to `url` (`A2A-Version: 1.0` unless `version` is `'0.3'`, which sends none). */
export function postRpc(
  url: string,
  body: { readonly id: string | number; readonly method: string; readonly params: unknown },
  options: {
    readonly version?: '1.0' | '0.3';
    readonly signal?: AbortSignal;
    readonly fetchImpl?: typeof fetch;
    /** More request headers, e.g. `A2A-Extensions`. */
    readonly headers?: Readonly<Record<string, string>>;
  } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (options.version !== '0.3') headers['A2A-Version'] = '1.0';
  Object.assign(headers, options.headers);
  return (options.fetchImpl ?? fetch)(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', ...body }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** A 1.0 user message with `text` in `contextId`. */
export const userMessage = (text: string, contextId: string) => ({
  messageId: crypto.randomUUID(),
  contextId,
  role: 'ROLE_USER',
  parts: [{ text }],
});

/** Reads an SSE body frame by frame (a frame is the text before a blank line), as it arrives. */
export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';
  /** Everything read so far, byte for byte (decoded). */
  raw = '';

  constructor(body: ReadableStream<Uint8Array> | null) {
    if (!body) throw new Error('no response body');
    this.reader = body.getReader();
  }

  /** The next frame's text (without its `\n\n`), or `undefined` once the stream has ended. */
  async next(): Promise<string | undefined> {
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end >= 0) {
        const frame = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        return frame;
      }
      const { done, value } = await this.reader.read();
      if (done) {
        if (this.buffer !== '')
          throw new Error(`stream ended inside a frame: ${JSON.stringify(this.buffer)}`);
        return undefined;
      }
      const text = this.decoder.decode(value, { stream: true });
      this.raw += text;
      this.buffer += text;
    }
  }

  /** The next frame's `data` parsed, failing on anything but a single `data:` line. */
  async nextData(): Promise<unknown> {
    const frame = await this.next();
    if (frame === undefined) throw new Error('the stream ended');
    return dataOf(frame);
  }

  /** Every remaining frame's `data`, until the stream ends. */
  async rest(): Promise<unknown[]> {
    const all: unknown[] = [];
    for (let frame = await this.next(); frame !== undefined; frame = await this.next()) {
      all.push(dataOf(frame));
    }
    return all;
  }

  cancel(): Promise<void> {
    return this.reader.cancel();
  }
}

/** The parsed `data` of a frame that is one `data: <json>` line, after the event's `id: <generation>` line if any. */
export function dataOf(frame: string): unknown {
  const data = frame.replace(/^id: \d+\n/, '');
  if (!data.startsWith('data: ') || data.includes('\n')) throw new Error(`not one data line: ${frame}`);
  return JSON.parse(data.slice('data: '.length));
}

/** The `id:` of a frame (the task generation of its event), or `undefined` when it has none. */
export function idOf(frame: string): number | undefined {
  const match = /^id: (\d+)\n/.exec(frame);
  return match ? Number(match[1]) : undefined;
}

/** Narrows `value` to a plain object (for reading fields of parsed JSON). */
export function record(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`expected an object, got ${JSON.stringify(value)}`);
  }
  return value as Record<string, unknown>;
}

/** `result.<kind>` of a 1.0 JSON-RPC stream frame, e.g. `task`, `statusUpdate`. */
export function streamKind(data: unknown): string {
  return Object.keys(record(record(data).result))[0] ?? '';
}

/** The task state a 1.0 frame carries (Task or status update), or `undefined`. */
export function stateOf(data: unknown): string | undefined {
  const result = record(record(data).result);
  const body = record(result.task ?? result.statusUpdate ?? {});
  return body.status === undefined ? undefined : String(record(body.status).state);
}

/** The JSON body of a response, as `unknown` to be narrowed. */
export async function readJson(response: Response): Promise<unknown> {
  const body: unknown = await response.json();
  return body;
}

/** The value at `keys` inside parsed JSON (`undefined` when a step is missing). */
export function dig(value: unknown, ...keys: readonly (string | number)[]): unknown {
  let current = value;
  for (const key of keys) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}
