import { describe, expect, it } from 'vitest';
import { createA2AServer } from '../create-a2a-server.ts';
import type { AgentExecutor } from '../executor/agent-executor.ts';

const HEADERS = { 'Content-Type': 'application/json', 'A2A-Version': '1.0' };

// Finishes only when `finish` is called, long after a non-blocking send has been answered.
function createGatedAgent() {
  let finish: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const executor: AgentExecutor = async (context) => {
    await context.working();
    await gate;
    await context.complete('done');
  };
  const server = createA2AServer({
    card: { name: 'gated', description: 'test', version: '1', skills: [] },
    executor,
  });
  return { server, finish: () => finish() };
}

function executionContext() {
  const work: Promise<unknown>[] = [];
  return {
    work,
    context: {
      waitUntil: (promise: Promise<unknown>) => void work.push(promise),
      passThroughOnException() {},
      props: {},
    },
  };
}

const send = (body: unknown) => ({
  method: 'POST',
  headers: HEADERS,
  body: JSON.stringify(body),
});

describe('background work on runtimes that stop work with the response (waitUntil)', () => {
  it.each([
    [
      'JSON-RPC',
      '/a2a/jsonrpc',
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'SendMessage',
        params: {
          message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'go' }] },
          configuration: { returnImmediately: true },
        },
      },
    ],
    [
      'HTTP+JSON',
      '/a2a/rest/message:send',
      {
        message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'go' }] },
        configuration: { returnImmediately: true },
      },
    ],
  ])(
    '%s hands a running task to the execution context, settled when the task ends',
    async (_, path, body) => {
      const { server, finish } = createGatedAgent();
      const { work, context } = executionContext();
      const response = await server.request(path, send(body), {}, context);
      expect(response.status).toBe(200);
      expect(work).toHaveLength(1);
      let settled = false;
      void work[0]?.then(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(settled).toBe(false);
      finish();
      await work[0];
      expect(settled).toBe(true);
    },
  );

  it('asks nothing of runtimes without an execution context (Node, Bun, Deno)', async () => {
    const { server, finish } = createGatedAgent();
    finish();
    const response = await server.request(
      '/a2a/jsonrpc',
      send({
        jsonrpc: '2.0',
        id: 1,
        method: 'SendMessage',
        params: { message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'go' }] } },
      }),
    );
    const answer = (await response.json()) as { result: { task: { status: { state: string } } } };
    expect(answer.result.task.status.state).toBe('TASK_STATE_COMPLETED');
  });
});
