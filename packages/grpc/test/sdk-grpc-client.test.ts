/**
 * The official `@a2a-js/sdk` gRPC client against a Baton agent served by `startGrpcServer`, discovered from the
 * card at the agent's HTTP base URL (the card declares the GRPC interface), over real sockets on loopback.
 */
import { SendMessageRequest, StreamResponse, Task } from '@a2a-js/sdk';
import { type Client, ClientFactory } from '@a2a-js/sdk/client';
import { GrpcTransportFactory } from '@a2a-js/sdk/client/grpc';
import { TaskNotFoundError, UnsupportedOperationError } from '@a2a-js/sdk/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServedAgent, serveAgent } from './serve-agent.ts';

let agent: ServedAgent;
let client: Client;

const send = (text: string, extra: { taskId?: string; returnImmediately?: boolean } = {}) =>
  SendMessageRequest.fromJSON({
    message: {
      messageId: crypto.randomUUID(),
      role: 'ROLE_USER',
      parts: [{ text }],
      ...(extra.taskId ? { taskId: extra.taskId } : {}),
    },
    configuration: { returnImmediately: extra.returnImmediately ?? false },
  });

type TaskJson = {
  id: string;
  contextId: string;
  status: { state: string; message?: unknown };
  artifacts?: { artifactId: string; name?: string; parts: { data?: unknown; text?: string }[] }[];
  history?: { role: string; parts: { text?: string }[] }[];
};

const taskJson = (result: unknown): TaskJson => {
  if (!result || typeof result !== 'object' || !('status' in result)) throw new Error('expected a Task');
  return Task.toJSON(result as Task) as TaskJson;
};

beforeAll(async () => {
  agent = await serveAgent();
  const factory = new ClientFactory({
    transports: [new GrpcTransportFactory()],
    preferredTransports: ['GRPC'],
  });
  client = await factory.createFromUrl(agent.httpUrl);
});

afterAll(async () => {
  await agent?.close();
});

describe('the official SDK gRPC client against Baton', () => {
  it('finds the GRPC interface on the card, at the port the gRPC server listens on', async () => {
    const card = (await (
      await fetch(`${agent.httpUrl}/.well-known/agent-card.json`, { headers: { 'A2A-Version': '1.0' } })
    ).json()) as { supportedInterfaces: unknown[] };
    expect(card.supportedInterfaces).toContainEqual({
      url: agent.grpc.url,
      protocolBinding: 'GRPC',
      protocolVersion: '1.0',
    });
    expect(client.transport.protocolName).toBe('GRPC');
  });

  it('sends a message and gets the completed task with its artifact, JSON data intact', async () => {
    const task = taskJson(await client.sendMessage(send('chunks:3')));
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(task.artifacts?.[0]?.parts.map((part) => part.data)).toEqual([
      { index: 0, nested: [0, null] },
      { index: 1, nested: [1, null] },
      { index: 2, nested: [2, null] },
    ]);
    expect(task.history?.[0]).toMatchObject({ role: 'ROLE_USER', parts: [{ text: 'chunks:3' }] });
  });

  it('streams a message: the task, each chunk in order, then completed', async () => {
    const events: Record<string, unknown>[] = [];
    for await (const event of client.sendMessageStream(send('chunks:4'))) {
      events.push(StreamResponse.toJSON(event) as Record<string, unknown>);
    }
    expect(events.map((event) => Object.keys(event)[0])).toEqual([
      'task',
      'artifactUpdate',
      'artifactUpdate',
      'artifactUpdate',
      'artifactUpdate',
      'statusUpdate',
    ]);
    const chunks = events.slice(1, 5) as { artifactUpdate: { append?: boolean; lastChunk?: boolean } }[];
    expect(
      chunks.map((chunk) => [chunk.artifactUpdate.append ?? false, chunk.artifactUpdate.lastChunk ?? false]),
    ).toEqual([
      [false, false],
      [true, false],
      [true, false],
      [true, true],
    ]);
    expect(events.at(-1)).toMatchObject({ statusUpdate: { status: { state: 'TASK_STATE_COMPLETED' } } });
  });

  it('gets, continues (input required) and cancels tasks', async () => {
    const asked = taskJson(await client.sendMessage(send('ask')));
    expect(asked.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    const answered = taskJson(await client.sendMessage(send('blue', { taskId: asked.id })));
    expect(answered.status.state).toBe('TASK_STATE_COMPLETED');
    expect(JSON.stringify(answered.status.message)).toContain('You chose blue');

    const slow = taskJson(await client.sendMessage(send('slow', { returnImmediately: true })));
    const canceled = taskJson(await client.cancelTask({ tenant: '', id: slow.id, metadata: undefined }));
    expect(canceled.status.state).toBe('TASK_STATE_CANCELED');
    expect(
      taskJson(await client.getTask({ tenant: '', id: slow.id, historyLength: 0 })).history,
    ).toBeUndefined();
  });

  it('receives A2A errors as the SDK error classes: task not found, and an executor refusing', async () => {
    const missing = await client
      .getTask({ tenant: '', id: 'no-such-task', historyLength: undefined })
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(TaskNotFoundError);
    expect((missing as TaskNotFoundError).metadata).toEqual({ taskId: 'no-such-task' });
    const refused = await client.sendMessage(send('refuse')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UnsupportedOperationError);
    expect((refused as Error).message).toContain('This agent refuses that');
  });
});
