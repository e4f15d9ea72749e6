/**
 * The official `@a2a-js/sdk` clients, 1.0 and 0.3, JSON-RPC and HTTP+JSON, against one real `createA2AServer`
 * on a real socket. Each client is built from the agent card served at the base URL, so discovery is part of
 * what is tested; then every operation runs through the SDK's own transports.
 */
import { ListTasksRequest } from '@a2a-js/sdk';
import type { Client } from '@a2a-js/sdk/client';
import { TaskNotFoundError, UnsupportedOperationError } from '@a2a-js/sdk/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHUNK_COUNT,
  CITY_QUESTION,
  chunkText,
  DIRECT_REPLY,
  STREAMED_TEXT,
  tripPlan,
  WHOLE_ARTIFACT_TEXT,
} from './support/demo-agent.ts';
import { type DemoServer, startDemoServer } from './support/demo-server.ts';
import {
  CLIENT_KINDS,
  collect,
  discoverClient,
  type EventSummary,
  expectTask,
  messageJson,
  type StreamTap,
  sendRequest,
  summarize,
  type TaskJson,
  tapStreams,
  textOf,
} from './support/sdk-clients.ts';

let demo: DemoServer;

beforeAll(async () => {
  demo = await startDemoServer();
});

afterAll(async () => {
  await demo.running.close();
  // Nothing went wrong on the server that a client could not see.
  expect(demo.logger.errors).toEqual([]);
});

/** The events of an `artifacts` task, in order; `append` as the client reads it. */
function artifactsStream(taskId: string, appendSeen: boolean): EventSummary[] {
  const chunks = Array.from({ length: CHUNK_COUNT }, (_, index) => ({
    kind: 'artifact' as const,
    artifactId: 'streamed',
    text: chunkText(index),
    append: appendSeen && index > 0,
    lastChunk: index === CHUNK_COUNT - 1,
  }));
  return [
    { kind: 'task', id: taskId, state: 'TASK_STATE_SUBMITTED' },
    { kind: 'status', state: 'TASK_STATE_WORKING' },
    { kind: 'artifact', artifactId: 'whole', text: WHOLE_ARTIFACT_TEXT, append: false, lastChunk: true },
    ...chunks,
    { kind: 'status', state: 'TASK_STATE_COMPLETED' },
  ];
}

const finalTask = async (client: Client, id: string, attempts = 100): Promise<TaskJson> => {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const task = expectTask(await client.getTask({ tenant: '', id, historyLength: undefined }));
    if (task.status.state !== 'TASK_STATE_SUBMITTED' && task.status.state !== 'TASK_STATE_WORKING')
      return task;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`task ${id} did not finish`);
};

describe.each(CLIENT_KINDS.map((kind, index) => ({ ...kind, index })))('the SDK $name client', (kind) => {
  let client: Client;
  let other: Client;
  let tap: StreamTap;
  const otherKind = CLIENT_KINDS[(kind.index + 1) % CLIENT_KINDS.length] ?? kind;
  const context = (label: string) => `${label} via ${kind.name}`;
  /** Starts a `long` task without waiting for it. */
  const startLong = async (contextId: string): Promise<TaskJson> => {
    const request = sendRequest('long', { contextId, returnImmediately: true });
    const task = expectTask(await client.sendMessage(request));
    await demo.probes.waiting(contextId);
    return task;
  };

  beforeAll(async () => {
    tap = tapStreams();
    client = await discoverClient(demo.running.url, kind, tap.fetch);
    other = await discoverClient(demo.running.url, otherKind);
  });

  it('picks the interface of its version and binding from the card fetched at the base URL', async () => {
    expect(client.protocolVersion).toBe(kind.version);
    expect(client.transport.protocolName).toBe(kind.binding);
    await client.sendMessage(sendRequest('direct', { contextId: context('discovery') }));
    // Only the base URL was given: the card came from the well-known path, the endpoint from the card.
    const endpoint = {
      JSONRPC: '/a2a/jsonrpc',
      'HTTP+JSON': kind.version === '1.0' ? '/a2a/rest/message:send' : '/a2a/rest/v1/message:send',
    }[kind.binding];
    // A 1.0 client asks for the 1.0 card; a 0.3 client sends no version and gets the 0.3 card. Every call
    // then says its version (the SDK's Client adds the header for 0.3 too).
    const cardRequest = `GET ${demo.running.url}/.well-known/agent-card.json`;
    expect(tap.requests).toEqual([
      kind.version === '1.0' ? `${cardRequest} (A2A-Version: 1.0)` : cardRequest,
      `POST ${demo.running.url}${endpoint} (A2A-Version: ${kind.version})`,
    ]);
  });

  it('reads a direct Message reply', async () => {
    const result = await client.sendMessage(sendRequest('direct', { contextId: context('direct') }));
    if (!('messageId' in result)) throw new Error('expected a direct Message');
    expect(messageJson(result)).toMatchObject({ role: 'ROLE_AGENT', parts: [{ text: DIRECT_REPLY }] });
  });

  it('blocks on send until the task completes, with the whole and the streamed artifact', async () => {
    const task = expectTask(
      await client.sendMessage(sendRequest('artifacts', { contextId: context('send') })),
    );
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(task.artifacts?.map((artifact) => artifact.artifactId)).toEqual(['whole', 'streamed']);
    expect(textOf(task.artifacts?.[0]?.parts)).toBe(WHOLE_ARTIFACT_TEXT);
    expect(task.artifacts?.[1]?.parts).toHaveLength(CHUNK_COUNT);
    expect(textOf(task.artifacts?.[1]?.parts)).toBe(STREAMED_TEXT);
  });

  it('returns at once with returnImmediately, the task still SUBMITTED, and it completes later', async () => {
    const contextId = context('immediate');
    const request = sendRequest('gated', { contextId, returnImmediately: true });
    // The SDK's 0.3 REST client leaves a false `blocking` out (proto JSON omits a default bool); the server
    // reads it as the proto3 default, false, so this is non-blocking on every binding.
    const task = expectTask(await client.sendMessage(request));
    expect(task.status.state).toBe('TASK_STATE_SUBMITTED');
    expect(task.artifacts?.map((artifact) => textOf(artifact.parts))).toEqual(['draft']);
    demo.probes.openGate(contextId);
    expect((await finalTask(client, task.id)).status.state).toBe('TASK_STATE_COMPLETED');
  });

  it('streams the task, WORKING, both artifacts chunk by chunk with their flags, then COMPLETED', async () => {
    const events = await collect(
      client.sendMessageStream(sendRequest('artifacts', { contextId: context('s') })),
    );
    const taskId = events[0]?.kind === 'task' ? events[0].id : '';
    // The SDK's 0.3 REST client drops `append` when it reads an artifact update (its FromProto
    // .taskArtifactUpdateEvent leaves the field out), so it sees `append: false` on every chunk; the wire
    // below shows the server sent `append: true`.
    const appendSeen = kind.name !== '0.3 HTTP+JSON';
    expect(events).toEqual(artifactsStream(taskId, appendSeen));
    const streamed = events.flatMap((event) =>
      event.kind === 'artifact' && event.artifactId === 'streamed' ? [event.text] : [],
    );
    expect(streamed.join('')).toBe(STREAMED_TEXT);
    const wire = (await tap.streams.at(-1)) ?? '';
    expect(wire.match(/"append":true/g)).toHaveLength(CHUNK_COUNT - 1);
    expect(wire.match(/"lastChunk":true/g)).toHaveLength(2);
  });

  it('gets a task with historyLength', async () => {
    const contextId = context('history');
    const first = expectTask(await client.sendMessage(sendRequest('trip', { contextId })));
    await client.sendMessage(sendRequest('Oslo', { contextId, taskId: first.id }));
    const get = async (historyLength: number | undefined) =>
      expectTask(await client.getTask({ tenant: '', id: first.id, historyLength })).history ?? [];
    const texts = (history: TaskJson['history'] & object) => history.map((message) => textOf(message.parts));
    expect(texts(await get(undefined))).toEqual(['trip', CITY_QUESTION, 'Oslo']);
    expect(texts(await get(1))).toEqual(['Oslo']);
    expect(texts(await get(2))).toEqual([CITY_QUESTION, 'Oslo']);
    // 1.0: 0 means no history. 0.3 peers read 0 as "no limit", and the server keeps that meaning for 0.3.
    expect(texts(await get(0))).toEqual(kind.version === '1.0' ? [] : ['trip', CITY_QUESTION, 'Oslo']);
  });

  it.runIf(kind.version === '1.0')('lists the tasks of one context, newest first', async () => {
    const contextId = context('list');
    const older = expectTask(await client.sendMessage(sendRequest('artifacts', { contextId })));
    const newer = expectTask(await client.sendMessage(sendRequest('artifacts', { contextId })));
    await client.sendMessage(sendRequest('artifacts', { contextId: context('list elsewhere') }));
    const listed = await client.listTasks(ListTasksRequest.fromJSON({ contextId }));
    expect(listed.tasks.map((task) => task.id)).toEqual([newer.id, older.id]);
    expect(listed.totalSize).toBe(2);
    expect(listed.nextPageToken).toBe('');
  });

  it.runIf(kind.version === '0.3')(
    'has no ListTasks (0.3 has none; the SDK refuses without a request)',
    async () => {
      const before = tap.requests.length;
      const listing = client.listTasks(ListTasksRequest.fromJSON({ contextId: context('list') }));
      // The 0.3 JSON-RPC transport throws a JsonRpcTransportError (-32601), the 0.3 REST one an
      // UnsupportedOperationError; neither sends anything.
      await expect(listing).rejects.toThrow(
        kind.binding === 'JSONRPC' ? 'Method not found: tasks/list' : UnsupportedOperationError,
      );
      expect(tap.requests.length).toBe(before);
    },
  );

  it("cancels a running task: it ends CANCELED and the executor's signal fires", async () => {
    const contextId = context('cancel');
    const started = await startLong(contextId);
    expect(demo.probes.wasAborted(contextId)).toBe(false);
    const canceled = expectTask(await client.cancelTask({ tenant: '', id: started.id, metadata: undefined }));
    expect(canceled).toMatchObject({ id: started.id, status: { state: 'TASK_STATE_CANCELED' } });
    expect(await demo.probes.aborted(contextId)).toBe(`Task ${started.id} was canceled`);
    expect((await finalTask(client, started.id)).status.state).toBe('TASK_STATE_CANCELED');
  });

  it(`subscribes to a running task and sees it end CANCELED when the ${otherKind.name} client cancels it`, async () => {
    const contextId = context('subscribe');
    const started = await startLong(contextId);
    const subscription = client.resubscribeTask({ tenant: '', id: started.id });
    const first = await subscription.next();
    if (first.done) throw new Error('the subscription ended before its first event');
    expect(summarize(first.value)).toEqual({ kind: 'task', id: started.id, state: 'TASK_STATE_WORKING' });
    await other.cancelTask({ tenant: '', id: started.id, metadata: undefined });
    const rest = await collect({ [Symbol.asyncIterator]: () => subscription });
    expect(rest).toEqual([{ kind: 'status', state: 'TASK_STATE_CANCELED' }]);
    expect(demo.probes.wasAborted(contextId)).toBe(true);
  });

  it('asks for input, then completes the same task with the answer', async () => {
    const contextId = context('trip');
    const asked = expectTask(await client.sendMessage(sendRequest('trip', { contextId })));
    expect(asked.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    expect(asked.status.message?.role).toBe('ROLE_AGENT');
    expect(textOf(asked.status.message?.parts)).toBe(CITY_QUESTION);
    const city = `Lisbon (${kind.name})`;
    const done = expectTask(await client.sendMessage(sendRequest(city, { contextId, taskId: asked.id })));
    expect(done).toMatchObject({ id: asked.id, contextId, status: { state: 'TASK_STATE_COMPLETED' } });
    expect(done.artifacts?.map((artifact) => textOf(artifact.parts))).toEqual([tripPlan(city)]);
  });

  it("raises the SDK's TaskNotFoundError for an unknown task", async () => {
    const missing = client.getTask({ tenant: '', id: 'no-such-task', historyLength: undefined });
    await expect(missing).rejects.toBeInstanceOf(TaskNotFoundError);
  });
});
