import { type A2AClient, createA2AClient } from '@baton/client';
import { grpcTransport, type RunningGrpcServer, startGrpcServer } from '@baton/grpc';
import type { StreamResponse } from '@baton/protocol';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_URL, INPUT_QUESTION } from './contract.ts';
import { createConformanceAgent } from './create-conformance-agent.ts';
import { artifactIn, collect, statusText, taskIn, taskOf, tck, trace } from './tck-test-helpers.ts';

let running: RunningA2AServer;
let grpc: RunningGrpcServer;
let jsonRpc: A2AClient;
let rest: A2AClient;
let overGrpc: A2AClient;
let legacy: A2AClient;

beforeAll(async () => {
  const server = createConformanceAgent({ resubscribeWorkMs: 400, delayedCompleteMs: 100 });
  running = await startA2AServer(server);
  grpc = await startGrpcServer(server, { shutdownDeadlineMs: 500 });
  const agent = running.url;
  [jsonRpc, rest, overGrpc, legacy] = await Promise.all([
    createA2AClient({ agent, preferredBindings: ['JSONRPC'], preferredVersions: ['1.0'] }),
    createA2AClient({ agent, preferredBindings: ['HTTP+JSON'], preferredVersions: ['1.0'] }),
    createA2AClient({ agent, preferredBindings: ['GRPC'], transports: { GRPC: grpcTransport() } }),
    createA2AClient({ agent, preferredBindings: ['JSONRPC'], preferredVersions: ['0.3'] }),
  ]);
});
afterAll(async () => {
  await grpc.close();
  await running.close();
});

const bindings = (): [string, A2AClient][] => [
  ['JSON-RPC 1.0', jsonRpc],
  ['HTTP+JSON 1.0', rest],
  ['gRPC 1.0', overGrpc],
];

describe.each(['JSON-RPC 1.0', 'HTTP+JSON 1.0', 'gRPC 1.0'])('the conformance contract over %s', (name) => {
  const client = (): A2AClient => (bindings().find(([label]) => label === name) as [string, A2AClient])[1];

  it('tck-complete-task completes with "Hello from TCK"', async () => {
    const task = taskOf(await client().sendMessage(tck('tck-complete-task')));
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(statusText(task)).toBe('Hello from TCK');
  });

  it('tck-delayed-complete works, then completes with "Done after delay"', async () => {
    const early = taskOf(
      await client().sendMessage(tck('tck-delayed-complete'), { returnImmediately: true }),
    );
    expect(['TASK_STATE_SUBMITTED', 'TASK_STATE_WORKING']).toContain(early.status.state);
    const task = taskOf(await client().sendMessage(tck('tck-delayed-complete')));
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(statusText(task)).toBe('Done after delay');
  });

  it.each([
    ['tck-artifact-text', { text: 'Generated text content' }],
    ['tck-artifact-file', { raw: btoa('tck'), filename: 'output.txt', mediaType: 'text/plain' }],
    ['tck-artifact-file-url', { url: FILE_URL, filename: 'output.txt', mediaType: 'text/plain' }],
    ['tck-artifact-file-url-123', { url: FILE_URL, filename: 'output.txt', mediaType: 'text/plain' }],
    ['tck-artifact-data', { data: { key: 'value', count: 42 } }],
  ])('%s adds one artifact with the expected part, then completes', async (prefix, part) => {
    const task = taskOf(await client().sendMessage(tck(prefix)));
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(task.artifacts).toHaveLength(1);
    expect(task.artifacts?.[0]?.parts).toEqual([part]);
  });

  it('tck-message-response answers with a bare Message', async () => {
    const response = await client().sendMessage(tck('tck-message-response'));
    expect('task' in response && response.task).toBeFalsy();
    if (!('message' in response) || !response.message) throw new Error('expected a message');
    expect(response.message.role).toBe('ROLE_AGENT');
    expect(response.message.parts).toEqual([{ text: 'Direct message response' }]);
  });

  it('tck-reject-task ends REJECTED with "rejected"', async () => {
    const task = taskOf(await client().sendMessage(tck('tck-reject-task')));
    expect(task.status.state).toBe('TASK_STATE_REJECTED');
    expect(statusText(task)).toBe('rejected');
  });

  it('tck-input-required asks, and a tck-complete-task follow-up completes the same task', async () => {
    const asked = taskOf(await client().sendMessage(tck('tck-input-required')));
    expect(asked.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    expect(statusText(asked)).toBe(INPUT_QUESTION);
    const done = taskOf(await client().sendMessage(tck('tck-complete-task', { taskId: asked.id })));
    expect(done.id).toBe(asked.id);
    expect(done.status.state).toBe('TASK_STATE_COMPLETED');
    expect(statusText(done)).toBe('Hello from TCK');
  });

  it('cancels a task waiting for input', async () => {
    const asked = taskOf(await client().sendMessage(tck('tck-input-required')));
    const canceled = await client().cancelTask(asked.id);
    expect(canceled.status.state).toBe('TASK_STATE_CANCELED');
    expect((await client().getTask(asked.id)).status.state).toBe('TASK_STATE_CANCELED');
  });

  it('subscribes to a task waiting for input: the first event is the Task', async () => {
    const asked = taskOf(await client().sendMessage(tck('tck-input-required')));
    let first: StreamResponse | undefined;
    for await (const event of client().subscribe(asked.id)) {
      first = event;
      break;
    }
    expect(taskIn(first)?.id).toBe(asked.id);
    expect(taskIn(first)?.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    await client().cancelTask(asked.id);
  });

  it('echoes unknown prefixes', async () => {
    const task = taskOf(await client().sendMessage(tck('something-else', { text: 'echo me' })));
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(statusText(task)).toBe('echo me');
  });

  it.each([
    ['tck-stream-001', 'Stream hello from TCK'],
    ['tck-stream-003', 'Stream task lifecycle'],
    ['tck-stream-ordering-001', 'Ordered output'],
    ['tck-stream-artifact-text', 'Streamed text content'],
  ])('%s streams working, one text artifact, completed', async (prefix, text) => {
    const events = await collect(client().streamMessage(tck(prefix)));
    expect(trace(events)).toEqual([
      'task:SUBMITTED',
      'status:WORKING',
      'artifact(false,true)',
      'status:COMPLETED',
    ]);
    expect(artifactIn(events[2])?.artifact.parts).toEqual([{ text }]);
  });

  it('tck-stream-002 streams straight to completed', async () => {
    const events = await collect(client().streamMessage(tck('tck-stream-002')));
    expect(trace(events)).toEqual(['task:SUBMITTED', 'status:COMPLETED']);
  });

  it('tck-stream-artifact-file streams a file artifact', async () => {
    const events = await collect(client().streamMessage(tck('tck-stream-artifact-file')));
    expect(trace(events)).toEqual([
      'task:SUBMITTED',
      'status:WORKING',
      'artifact(false,true)',
      'status:COMPLETED',
    ]);
    expect(artifactIn(events[2])?.artifact.parts).toEqual([
      { raw: btoa('tck'), filename: 'output.txt', mediaType: 'text/plain' },
    ]);
  });

  it('tck-stream-artifact-chunked streams two chunks of one artifact', async () => {
    const events = await collect(client().streamMessage(tck('tck-stream-artifact-chunked')));
    expect(trace(events)).toEqual([
      'task:SUBMITTED',
      'status:WORKING',
      'artifact(false,false)',
      'artifact(true,true)',
      'status:COMPLETED',
    ]);
    const [first, second] = [artifactIn(events[2]), artifactIn(events[3])];
    expect(first?.artifact.artifactId).toBe(second?.artifact.artifactId);
    expect(first?.artifact.parts).toEqual([{ text: 'chunk-1 ' }]);
    expect(second?.artifact.parts).toEqual([{ text: 'chunk-2' }]);
  });

  it('test-resubscribe-message-id stays working, can be subscribed to, then completes', async () => {
    const started = Date.now();
    const first = taskOf(
      await client().sendMessage(tck('test-resubscribe-message-id'), { returnImmediately: true }),
    );
    const received = await collect(client().subscribe(first.id));
    expect(taskIn(received[0])?.status.state).toBe('TASK_STATE_WORKING');
    expect(trace(received).at(-1)).toBe('status:COMPLETED');
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
  });

  it('test-resubscribe-message-id stops early when canceled', async () => {
    const first = taskOf(
      await client().sendMessage(tck('test-resubscribe-message-id'), { returnImmediately: true }),
    );
    const canceled = await client().cancelTask(first.id);
    expect(canceled.status.state).toBe('TASK_STATE_CANCELED');
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await client().getTask(first.id)).status.state).toBe('TASK_STATE_CANCELED');
  });
});

describe('A2A 0.3 and the cards', () => {
  it('plays the contract for a 0.3 client', async () => {
    expect(legacy.card.supportedInterfaces?.length).toBeGreaterThan(0);
    const task = taskOf(await legacy.sendMessage(tck('tck-artifact-data')));
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(task.artifacts?.[0]?.parts).toEqual([{ data: { key: 'value', count: 42 } }]);
  });

  it('serves the card with caching headers and its capabilities', async () => {
    const response = await fetch(`${running.url}/.well-known/agent-card.json`, {
      headers: { 'A2A-Version': '1.0' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBeTruthy();
    expect(response.headers.get('last-modified')).toBeTruthy();
    const card = (await response.json()) as { capabilities: Record<string, unknown> };
    expect(card.capabilities).toMatchObject({
      streaming: true,
      pushNotifications: true,
      extendedAgentCard: true,
    });
  });

  it('serves the extended card with the extra skill', async () => {
    const client = await createA2AClient({ agent: running.url });
    expect(client.card.skills.map((skill) => skill.id)).toEqual(['tck']);
    const extended = await client.getExtendedAgentCard();
    expect(extended.skills.map((skill) => skill.id)).toEqual(['tck', 'tck-extended']);
  });

  it('accepts loopback webhooks for the kit', async () => {
    const task = taskOf(await jsonRpc.sendMessage(tck('tck-input-required')));
    const config = await jsonRpc.createPushConfig({ taskId: task.id, url: 'http://127.0.0.1:1/webhook' });
    expect(config.url).toBe('http://127.0.0.1:1/webhook');
    await jsonRpc.cancelTask(task.id);
  });
});
