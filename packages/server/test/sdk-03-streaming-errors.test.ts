/**
 * The official JS SDK of the 0.3 line (`@a2a-js/sdk@0.3.14`, what most deployed 0.3 agents and clients run)
 * against a Baton agent over real HTTP on loopback: a streaming call that fails before its first event must reach
 * its clients with the A2A error code, on JSON-RPC (one `event: error` frame in a 200 `text/event-stream`, as
 * that SDK's server answers) and on HTTP+JSON (an HTTP error status with the 0.3 error object, as it answers).
 */
import type { Message } from '@a2a-js/sdk-0.3';
import { JsonRpcTransport, RestTransport } from '@a2a-js/sdk-0.3/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createA2AServer } from '../src/create-a2a-server.ts';
import type { AgentExecutor } from '../src/executor/agent-executor.ts';
import { type RunningA2AServer, startA2AServer } from '../src/node.ts';

const executor: AgentExecutor = async (ctx) => {
  await ctx.working();
  await ctx.complete('done');
};
const card = { name: 'Echo', description: 'Completes', version: '1.0.0', skills: [] };
const quiet = { error: () => {}, warn: () => {} };
const message: Message = {
  kind: 'message',
  messageId: 'm-1',
  role: 'user',
  parts: [{ kind: 'text', text: 'hi' }],
};

let streaming: RunningA2AServer;
let unary: RunningA2AServer;

beforeAll(async () => {
  streaming = await startA2AServer(createA2AServer({ card, executor, logger: quiet }));
  unary = await startA2AServer(createA2AServer({ card, executor, streaming: false, logger: quiet }));
});
afterAll(async () => {
  await Promise.all([streaming.close(), unary.close()]);
});

async function failure(events: AsyncIterable<unknown>): Promise<Error> {
  try {
    for await (const _ of events) {
      // A failing call yields nothing.
    }
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the stream to fail');
}

// The SDK's JSON-RPC transport throws an Error naming the code, with its typed JSON-RPC error as the cause.
const jsonRpcCode = (error: Error) => Number(/\(Code: (-?\d+)\)/.exec(error.message)?.[1]);

describe('@a2a-js/sdk 0.3.14 JSON-RPC client: streaming calls that fail before their first event', () => {
  const transport = (server: RunningA2AServer) =>
    new JsonRpcTransport({ endpoint: `${server.url}/a2a/jsonrpc` });

  it('tasks/resubscribe to an unknown task is TaskNotFound (-32001)', async () => {
    const error = await failure(transport(streaming).resubscribeTask({ id: 'no-such-task' }));
    expect(jsonRpcCode(error)).toBe(-32001);
    expect((error.cause as Error).constructor.name).toBe('TaskNotFoundJSONRPCError');
  });

  it('message/stream with a message that is not one is InvalidParams (-32602)', async () => {
    const bad = { message: { ...message, role: 'robot' } } as never;
    expect(jsonRpcCode(await failure(transport(streaming).sendMessageStream(bad)))).toBe(-32602);
  });

  it('message/stream and tasks/resubscribe on an agent without streaming are UnsupportedOperation (-32004)', async () => {
    expect(jsonRpcCode(await failure(transport(unary).sendMessageStream({ message })))).toBe(-32004);
    expect(jsonRpcCode(await failure(transport(unary).resubscribeTask({ id: 'any' })))).toBe(-32004);
  });

  it('still streams a task that works', async () => {
    const kinds: string[] = [];
    for await (const event of transport(streaming).sendMessageStream({
      message: { ...message, messageId: 'm-2' },
    })) {
      kinds.push((event as { kind: string }).kind);
    }
    expect(kinds).toEqual(['task', 'status-update', 'status-update']);
  });

  it('gets one error frame, then the end of the stream', async () => {
    const response = await fetch(`${streaming.url}/a2a/jsonrpc`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tasks/resubscribe',
        params: { id: 'no-such-task' },
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const text = await response.text();
    expect(text.startsWith('event: error\ndata: ')).toBe(true);
    expect(text.endsWith('\n\n')).toBe(true);
    const frames = text.trim().split('\n\n');
    expect(frames).toHaveLength(1);
    const body = JSON.parse(frames[0]?.split('data: ')[1] ?? '') as { id: number; error: { code: number } };
    expect(body).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32001 } });
  });

  it('a 1.0 streaming call that fails before its first event stays a plain JSON-RPC error', async () => {
    const response = await fetch(`${streaming.url}/a2a/jsonrpc`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 8,
        method: 'SubscribeToTask',
        params: { id: 'no-such-task' },
      }),
    });
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toMatchObject({ id: 8, error: { code: -32001 } });
  });
});

describe('@a2a-js/sdk 0.3.14 HTTP+JSON client: streaming calls that fail before their first event', () => {
  const transport = (server: RunningA2AServer) => new RestTransport({ endpoint: `${server.url}/a2a/rest` });

  it('resubscribing to an unknown task is TaskNotFoundError', async () => {
    const error = await failure(transport(streaming).resubscribeTask({ id: 'no-such-task' }));
    expect(error.constructor.name).toBe('TaskNotFoundError');
  });

  it('a stream with a message without parts is an error naming the field', async () => {
    const bad = { message: { ...message, parts: [] } } as never;
    const error = await failure(transport(streaming).sendMessageStream(bad));
    expect(error.message).toMatch(/Invalid parameters: message\.content: is empty.*\(Code: -32602\)/s);
  });

  it('streaming on an agent without streaming is UnsupportedOperationError', async () => {
    const send = await failure(transport(unary).sendMessageStream({ message }));
    expect(send.constructor.name).toBe('UnsupportedOperationError');
    const resubscribe = await failure(transport(unary).resubscribeTask({ id: 'any' }));
    expect(resubscribe.constructor.name).toBe('UnsupportedOperationError');
  });
});
