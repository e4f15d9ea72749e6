/**
 * One nesting limit for every binding (issue 31: gRPC refused at 49 levels what JSON-RPC accepted up to 100, and
 * could not send back a task it held). A task written at the limit over JSON-RPC reads back over gRPC, whole;
 * one level more is refused on both, with the same words; and what cannot be encoded is logged, not lost.
 */
import { MAX_JSON_DEPTH } from '@baton/protocol';
import type { Logger } from '@baton/server';
import { type ServiceError, status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawClient, rawClient } from './raw-client.ts';
import { type ServedAgent, serveAgent } from './serve-agent.ts';

/** `{ d: { d: … 'bottom' } }`, `depth` objects deep. */
function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { d: 'bottom' };
  for (let level = 1; level < depth; level++) value = { d: value };
  return value;
}

const depthOf = (value: unknown): number => {
  let depth = 0;
  let current = value;
  while (typeof current === 'object' && current !== null) {
    depth += 1;
    current = (current as { d: unknown }).d;
  }
  return depth;
};

const errors: string[] = [];
const logger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: (message: string) => void errors.push(message),
};

describe('nesting depth on JSON-RPC and gRPC', () => {
  let agent: ServedAgent;
  let grpc: RawClient;

  beforeAll(async () => {
    agent = await serveAgent({ logger });
    grpc = rawClient(agent.grpc.url);
  });
  afterAll(async () => {
    grpc.close();
    await agent.close();
  });

  const sendOverJsonRpc = async (metadataDepth: number) => {
    const response = await fetch(`${agent.httpUrl}/a2a/jsonrpc`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'SendMessage',
        // params → message → metadata: the metadata's own depth plus two.
        params: {
          message: {
            messageId: crypto.randomUUID(),
            role: 'ROLE_USER',
            parts: [{ text: 'chunks:1' }],
            metadata: nested(metadataDepth),
          },
        },
      }),
    });
    return (await response.json()) as {
      result?: { task: { id: string } };
      error?: { code: number; message: string };
    };
  };

  it('reads back over gRPC, whole, a task whose message nests to the JSON limit', async () => {
    const deepest = MAX_JSON_DEPTH - 2;
    const sent = await sendOverJsonRpc(deepest);
    expect(sent.error).toBeUndefined();
    const taskId = sent.result?.task.id ?? '';
    const task = (await grpc.unary('GetTask', { id: taskId })) as {
      history: { metadata?: Record<string, unknown> }[];
    };
    expect(depthOf(task.history[0]?.metadata)).toBe(deepest);
    const page = (await grpc.unary('ListTasks', { pageSize: 100 })) as { tasks: { id: string }[] };
    expect(page.tasks.map((listed) => listed.id)).toContain(taskId);
    expect(errors).toEqual([]);
  });

  it('refuses one level more on both bindings, in the same words', async () => {
    const overJson = await sendOverJsonRpc(MAX_JSON_DEPTH - 1);
    expect(overJson.error?.code).toBe(-32602);
    expect(overJson.error?.message).toContain(`deeper than ${MAX_JSON_DEPTH} levels`);
    const overGrpc = await grpc
      .unary('SendMessage', {
        message: {
          messageId: crypto.randomUUID(),
          role: 'ROLE_USER',
          parts: [{ text: 'chunks:1' }],
          metadata: nested(MAX_JSON_DEPTH - 1),
        },
      })
      .then(
        () => undefined,
        (error: ServiceError) => error,
      );
    expect(overGrpc?.code).toBe(status.INVALID_ARGUMENT);
    expect(overGrpc?.details).toContain(`deeper than ${MAX_JSON_DEPTH} levels`);
  });
});
