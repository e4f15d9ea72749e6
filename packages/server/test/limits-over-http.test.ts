/**
 * The overload limits and the graceful shutdown over a real socket (127.0.0.1) with plain `fetch`: a request
 * handler with small limits behind both bindings. JSON-RPC answers overload with -32603 and `Retry-After`;
 * HTTP+JSON with 503 UNAVAILABLE and `Retry-After`.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentExecutor } from '../src/executor/agent-executor.ts';
import { createRequestHandler, type TaskRequestHandler } from '../src/handler/create-request-handler.ts';
import { createJsonRpcApp } from '../src/jsonrpc/create-json-rpc-app.ts';
import { createRestApp } from '../src/rest/create-rest-app.ts';
import { SHUTDOWN_MESSAGE } from '../src/task/shut-down-executions.ts';
import { dig, postRpc, readJson, SseReader, stateOf, userMessage } from './support/raw-http.ts';

const quiet = { error: () => undefined, warn: () => undefined };
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function start(limits: { maxRunningTasks?: number; maxOpenStreams?: number }, executor: AgentExecutor) {
  const handler: TaskRequestHandler = createRequestHandler({ executor, logger: quiet, ...limits });
  const app = new Hono();
  app.route('/rpc', createJsonRpcApp({ handler, logger: quiet }));
  app.route('/rest', createRestApp({ handler, logger: quiet }));
  const url = await new Promise<string>((resolve) => {
    const listener = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      closers.push(
        () =>
          new Promise<void>((done) => {
            listener.close(() => done());
            if ('closeAllConnections' in listener) listener.closeAllConnections();
          }),
      );
      resolve(`http://127.0.0.1:${info.port}`);
    });
  });
  const rpc = (id: number, method: string, params: unknown, signal?: AbortSignal) =>
    postRpc(`${url}/rpc`, { id, method, params }, signal ? { signal } : {});
  const rest = (path: string, body: unknown) =>
    fetch(`${url}/rest${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
      body: JSON.stringify(body),
    });
  const taskCount = async () => {
    const listed = await readJson(await rpc(90, 'ListTasks', {}));
    return (dig(listed, 'result', 'tasks') as unknown[]).length;
  };
  return { handler, rpc, rest, taskCount };
}

function hold(): { executor: AgentExecutor; release: () => void } {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    release,
    executor: async (ctx) => {
      await ctx.working();
      if (ctx.text !== 'quick') await gate;
    },
  };
}

const send = (text: string, returnImmediately = false) => ({
  message: userMessage(text, crypto.randomUUID()),
  configuration: { returnImmediately },
});

describe('limits over HTTP', () => {
  it('refuses a task beyond maxRunningTasks on both bindings, creating nothing, and frees slots after completion', async () => {
    const held = hold();
    const own = await start({ maxRunningTasks: 2 }, held.executor);
    for (const id of [1, 2]) await own.rpc(id, 'SendMessage', send('a', true));
    const refused = await own.rpc(3, 'SendMessage', send('b'));
    expect(refused.status).toBe(200);
    expect(refused.headers.get('Retry-After')).toBe('1');
    expect(dig(await readJson(refused), 'error')).toMatchObject({
      code: -32603,
      message: 'The agent is running its maximum of 2 tasks; retry later',
      data: [{ reason: 'TOO_MANY_TASKS' }],
    });
    const restRefused = await own.rest('/message:send', send('c'));
    expect(restRefused.status).toBe(503);
    expect(restRefused.headers.get('Retry-After')).toBe('1');
    expect(await readJson(restRefused)).toMatchObject({ error: { code: 503, status: 'UNAVAILABLE' } });
    expect(await own.taskCount()).toBe(2);

    held.release();
    await vi.waitFor(async () => {
      const listed = await readJson(await own.rpc(91, 'ListTasks', { status: 'TASK_STATE_COMPLETED' }));
      expect(dig(listed, 'result', 'tasks')).toHaveLength(2);
    });
    for (const id of [4, 5]) {
      const done = await readJson(await own.rpc(id, 'SendMessage', send('again')));
      expect(dig(done, 'result', 'task', 'status', 'state')).toBe('TASK_STATE_COMPLETED');
    }
  });

  it('refuses a stream beyond maxOpenStreams and frees the slot when its client disconnects', async () => {
    const held = hold();
    const own = await start({ maxOpenStreams: 1 }, held.executor);
    const leaving = new AbortController();
    const first = new SseReader((await own.rpc(1, 'SendStreamingMessage', send('a'), leaving.signal)).body);
    expect(stateOf(await first.nextData())).toBe('TASK_STATE_SUBMITTED');
    const before = await own.taskCount();
    const refused = await own.rest('/message:stream', send('b'));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('Retry-After')).toBe('1');
    expect(await own.taskCount()).toBe(before);

    leaving.abort();
    await vi.waitFor(async () => {
      const again = await own.rpc(2, 'SendStreamingMessage', send('quick'));
      expect(again.headers.get('Content-Type')).toContain('text/event-stream');
      const events = await new SseReader(again.body).rest();
      expect(events.map(stateOf).at(-1)).toBe('TASK_STATE_COMPLETED');
    });
    held.release();
  });

  it('shuts down: finishes quick tasks, cancels the rest with a final stream event, refuses new sends', async () => {
    const held = hold();
    const own = await start({}, held.executor);
    const quick = String(
      dig(await readJson(await own.rpc(1, 'SendMessage', send('quick', true))), 'result', 'task', 'id'),
    );
    const stream = new SseReader((await own.rpc(2, 'SendStreamingMessage', send('slow'))).body);
    expect(stateOf(await stream.nextData())).toBe('TASK_STATE_SUBMITTED');
    const closing = own.handler.close({ deadlineMs: 200 });
    const refused = await own.rest('/message:send', send('late'));
    expect(refused.status).toBe(503);
    expect(await readJson(refused)).toMatchObject({
      error: { status: 'UNAVAILABLE', message: 'The server is shutting down' },
    });
    await closing;
    const rest = await stream.rest();
    expect(rest.map(stateOf).at(-1)).toBe('TASK_STATE_CANCELED');
    expect(JSON.stringify(rest.at(-1))).toContain(SHUTDOWN_MESSAGE);
    const got = await readJson(await own.rpc(3, 'GetTask', { id: quick }));
    expect(dig(got, 'result', 'status', 'state')).toBe('TASK_STATE_COMPLETED');
  });
});
