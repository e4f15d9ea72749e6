import { describe, expect, it, vi } from 'vitest';
import { createJsonRpcApp, type JsonRpcAppOptions } from './create-json-rpc-app.ts';
import { post, readJson, readSse, rpc } from './test-support/call-app.ts';
import {
  CONTEXT_ID,
  createFakeRequestHandler,
  FAILING_STREAM_TASK_ID,
  HANGING_TASK_ID,
  MISSING_TASK_ID,
  STREAM,
  TASK_ID,
} from './test-support/fake-request-handler.ts';

function setup(options: Partial<JsonRpcAppOptions> = {}) {
  const handler = createFakeRequestHandler();
  const logger = { error: vi.fn() };
  return { handler, logger, app: createJsonRpcApp({ handler, logger, heartbeatMs: 0, ...options }) };
}

const message = (version: '1.0' | '0.3') =>
  version === '1.0'
    ? { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hello' }] }
    : { kind: 'message', messageId: 'm1', role: 'user', parts: [{ kind: 'text', text: 'hello' }] };

const timestamp = '2026-01-02T03:04:05.000Z';
const ids = { taskId: TASK_ID, contextId: CONTEXT_ID };
const STREAM_V03 = [
  { kind: 'task', id: TASK_ID, contextId: CONTEXT_ID, status: { state: 'submitted', timestamp } },
  { kind: 'status-update', ...ids, status: { state: 'working', timestamp }, final: false },
  {
    kind: 'artifact-update',
    ...ids,
    artifact: { artifactId: 'artifact-1', parts: [{ kind: 'text', text: '# Tea' }] },
  },
  { kind: 'status-update', ...ids, status: { state: 'completed', timestamp }, final: true },
];

/** Reads chunks of a streaming body until `done` says so; returns the text read. */
async function readUntil(
  response: Response,
  done: (text: string) => boolean,
): Promise<{ text: string; reader: ReadableStreamDefaultReader<Uint8Array> }> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!done(text)) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  return { text, reader };
}

describe('SSE streams', () => {
  // [JSON-RPC method, version, params, handler method, request the handler must receive]
  it.each([
    [
      'SendStreamingMessage',
      '1.0',
      { message: message('1.0') },
      'sendStreamingMessage',
      { message: message('1.0') },
    ],
    ['SubscribeToTask', '1.0', { id: TASK_ID }, 'subscribeToTask', { id: TASK_ID }],
  ] as const)(
    '%s (%s) streams each StreamResponse as one data frame carrying the request id',
    async (method, version, params, handlerMethod, request) => {
      const { app, handler } = setup();
      const response = await post(app, rpc(method, params, 'req-9'), { version });
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
      const frames = await readSse(response);
      expect(frames.map((frame) => frame.event)).toEqual(['message', 'message', 'message', 'message']);
      expect(frames.map((frame) => frame.json)).toEqual(
        STREAM.map((result) => ({ jsonrpc: '2.0', id: 'req-9', result })),
      );
      expect(handler.calls[0]?.method).toBe(handlerMethod);
      expect(handler.calls[0]?.request).toEqual(request);
    },
  );

  it.each([
    ['message/stream', { message: message('0.3') }, 'sendStreamingMessage'],
    ['tasks/sendSubscribe', { message: message('0.3') }, 'sendStreamingMessage'],
    ['tasks/resubscribe', { id: TASK_ID }, 'subscribeToTask'],
  ] as const)(
    '%s streams bare 0.3 events with kind, and final: true on the last status',
    async (method, params, handlerMethod) => {
      const { app, handler } = setup();
      const frames = await readSse(await post(app, rpc(method, params, 4)));
      expect(frames.map((frame) => frame.json)).toEqual(
        STREAM_V03.map((result) => ({ jsonrpc: '2.0', id: 4, result })),
      );
      expect(handler.calls[0]?.method).toBe(handlerMethod);
      expect(handler.calls[0]?.call.version).toBe('0.3');
    },
  );

  it('answers a stream the handler rejects before it starts with a plain JSON-RPC error, not SSE', async () => {
    const { app, handler } = setup();
    const reply = await readJson(
      await post(app, rpc('SubscribeToTask', { id: MISSING_TASK_ID }), { version: '1.0' }),
    );
    expect(reply.error?.code).toBe(-32001);
    expect(handler.streams).toHaveLength(0);
  });

  it('ends a stream that fails after it began with an event: error frame carrying the JSON-RPC error', async () => {
    const { app, logger } = setup();
    const response = await post(app, rpc('SubscribeToTask', { id: FAILING_STREAM_TASK_ID }, 5), {
      version: '1.0',
    });
    const frames = await readSse(response);
    expect(frames).toHaveLength(2);
    expect(frames[0]?.json.result).toEqual(STREAM[0]);
    expect(frames[1]?.event).toBe('error');
    expect(frames[1]?.json).toMatchObject({
      jsonrpc: '2.0',
      id: 5,
      error: { code: -32603, message: 'Internal error' },
    });
    expect(frames[1]?.data).not.toContain('hunter2');
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('writes the error frame of a 0.3 stream in the 0.3 format', async () => {
    const { app } = setup();
    const frames = await readSse(
      await post(app, rpc('tasks/resubscribe', { id: FAILING_STREAM_TASK_ID }, 6)),
    );
    expect(frames.at(-1)?.json).toEqual({
      jsonrpc: '2.0',
      id: 6,
      error: { code: -32603, message: 'Internal error' },
    });
  });

  it('sends keep-alive comments while the stream is idle', async () => {
    const { app } = setup({ heartbeatMs: 5 });
    const caller = new AbortController();
    const response = await post(app, rpc('SubscribeToTask', { id: HANGING_TASK_ID }), {
      version: '1.0',
      signal: caller.signal,
    });
    const { text, reader } = await readUntil(response, (read) => read.split(': keep-alive\n\n').length > 2);
    expect(text.startsWith('data: ')).toBe(true);
    expect(text.endsWith(': keep-alive\n\n')).toBe(true);
    await reader.cancel();
  });

  it('returns the iterator, and does not cancel the task, when the client cancels the body', async () => {
    const { app, handler } = setup();
    const response = await post(app, rpc('SubscribeToTask', { id: HANGING_TASK_ID }), { version: '1.0' });
    const { reader } = await readUntil(response, (text) => text.includes('\n\n'));
    expect(handler.streams[0]?.returned).toBe(false);
    await reader.cancel();
    await handler.streams[0]?.whenReturned;
    expect(handler.streams[0]?.returned).toBe(true);
    expect(handler.calls.map((recorded) => recorded.method)).toEqual(['subscribeToTask']);
  });

  it('returns the iterator, and closes the body, when the request signal aborts', async () => {
    const { app, handler } = setup();
    const caller = new AbortController();
    const response = await post(
      app,
      rpc('message/stream', { message: { ...message('0.3'), taskId: HANGING_TASK_ID } }),
      { signal: caller.signal },
    );
    const { reader } = await readUntil(response, (text) => text.includes('\n\n'));
    caller.abort();
    await handler.streams[0]?.whenReturned;
    expect(handler.streams[0]?.returned).toBe(true);
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    expect(handler.calls.map((recorded) => recorded.method)).toEqual(['sendStreamingMessage']);
  });
});
