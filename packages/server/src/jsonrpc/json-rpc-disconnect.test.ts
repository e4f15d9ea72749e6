/**
 * A client that drops a live SSE stream over a real socket (loopback, port 0, through `@hono/node-server`):
 * the handler's iterator must be returned and the task left alone, whether the stream goes out as a web
 * `ReadableStream` (plain `serve`) or straight to the Node response (`withDirectSse`, as `startA2AServer` does).
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { withDirectSse } from '../node.ts';
import { createJsonRpcApp } from './create-json-rpc-app.ts';
import { rpc } from './test-support/call-app.ts';
import { createFakeRequestHandler, HANGING_TASK_ID } from './test-support/fake-request-handler.ts';

let close: (() => Promise<void>) | undefined;

afterEach(async () => {
  await close?.();
  close = undefined;
});

async function listen(app: ReturnType<typeof createJsonRpcApp>, direct: boolean): Promise<string> {
  const fetch = direct ? withDirectSse(app.fetch) : app.fetch;
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

describe('a client dropping an SSE stream over a real socket', () => {
  it.each([
    ['1.0', 'SubscribeToTask', { id: HANGING_TASK_ID }, false],
    [undefined, 'tasks/resubscribe', { id: HANGING_TASK_ID }, false],
    ['1.0', 'SubscribeToTask', { id: HANGING_TASK_ID }, true],
    [undefined, 'tasks/resubscribe', { id: HANGING_TASK_ID }, true],
  ] as const)(
    'returns the iterator (A2A-Version %s, %s %o, written directly: %s) and cancels nothing',
    async (version, method, params, direct) => {
      const handler = createFakeRequestHandler();
      const app = createJsonRpcApp({ handler, logger: { error: () => {} }, heartbeatMs: 0 });
      const url = await listen(app, direct);
      const caller = new AbortController();
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(version ? { 'A2A-Version': version } : {}) },
        body: JSON.stringify(rpc(method, params)),
        signal: caller.signal,
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toMatch(
        /^data: \{"jsonrpc":"2.0","id":1,"result":/,
      );
      expect(handler.streams[0]?.returned).toBe(false);
      caller.abort();
      await handler.streams[0]?.whenReturned;
      expect(handler.streams[0]?.returned).toBe(true);
      expect(handler.calls.map((recorded) => recorded.method)).toEqual(['subscribeToTask']);
    },
  );
});
