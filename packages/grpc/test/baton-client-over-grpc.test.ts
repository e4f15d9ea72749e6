/**
 * `@baton/client` over gRPC (`transports.GRPC` from this package): against a Baton agent served by
 * `startGrpcServer`, and against the official `@a2a-js/sdk` gRPC server. Real gRPC over loopback.
 */
import { type A2AClient, A2AClientError, createA2AClient, createA2AClientFromTransport } from '@baton/client';
import { type AgentCard, generationOfEvent, isA2AError, type StreamResponse } from '@baton/protocol';
import { AuthFailure } from '@baton/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpcTransport } from '../src/grpc-transport.ts';
import { type SdkGrpcServer, startSdkGrpcServer } from './sdk-grpc-server.ts';
import { type ServedAgent, serveAgent } from './serve-agent.ts';

const kinds = (events: StreamResponse[]) => events.map((event) => Object.keys(event)[0]);

async function collect(events: AsyncIterable<StreamResponse>): Promise<StreamResponse[]> {
  const all: StreamResponse[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe('@baton/client over gRPC against Baton', () => {
  let agent: ServedAgent;
  let client: A2AClient;

  beforeAll(async () => {
    agent = await serveAgent();
    client = await createA2AClient({
      agent: agent.httpUrl,
      transports: { GRPC: grpcTransport() },
      preferredBindings: ['GRPC'],
    });
  });
  afterAll(async () => {
    await agent.close();
  });

  it('uses gRPC only when allowed: a client without the transport picks JSON-RPC from the same card', async () => {
    expect(client.transport.binding).toBe('GRPC');
    expect(client.transport.url).toBe(agent.grpc.url);
    const plain = await createA2AClient({ agent: agent.httpUrl });
    expect(plain.transport.binding).toBe('JSONRPC');
    const refused = await createA2AClient({ agent: agent.httpUrl, preferredBindings: ['GRPC'] }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(A2AClientError);
    expect((refused as A2AClientError).message).toMatch(/transports\.GRPC/);
  });

  it("carries each stream event's generation, and replays what followed one given as last-event-id", async () => {
    const events = await collect(client.streamMessage('chunks:4'));
    const generations = events.map(generationOfEvent);
    expect(generations).toEqual(events.map((_, index) => index + 1));
    const taskId =
      'task' in (events[0] as StreamResponse) ? (events[0] as { task: { id: string } }).task.id : '';
    // As if the stream dropped after its third event: the rest, exactly, from the store (the task has ended).
    const rest = await collect(
      client.subscribe(taskId, { resubscribe: false, headers: { 'Last-Event-ID': '3' } }),
    );
    expect(rest).toEqual(events.slice(3));
  });

  it('sends, streams, reads and cancels like the HTTP transports', async () => {
    const sent = await client.sendMessage('chunks:2');
    if (!('task' in sent)) throw new Error('expected a task');
    expect(sent.task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(sent.task.artifacts?.[0]?.parts).toEqual([
      { data: { index: 0, nested: [0, null] } },
      { data: { index: 1, nested: [1, null] } },
    ]);

    const events = await collect(client.streamMessage('chunks:3'));
    expect(kinds(events)).toEqual([
      'task',
      'artifactUpdate',
      'artifactUpdate',
      'artifactUpdate',
      'statusUpdate',
    ]);

    const got = await client.getTask({ id: sent.task.id, historyLength: 0 });
    expect(got.history).toBeUndefined();
    expect(got.artifacts?.[0]?.parts).toHaveLength(2);

    const slow = await client.sendMessage({
      message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text: 'slow' }] },
      configuration: { returnImmediately: true },
    });
    if (!('task' in slow)) throw new Error('expected a task');
    expect((await client.cancelTask({ id: slow.task.id })).status.state).toBe('TASK_STATE_CANCELED');
  });

  it('rejects with the A2AError the server sent', async () => {
    const error = await client.getTask({ id: 'no-such-task' }).catch((e: unknown) => e);
    expect(isA2AError(error, 'TaskNotFoundError')).toBe(true);
    expect((error as { metadata?: unknown }).metadata).toEqual({ taskId: 'no-such-task' });
  });

  it('stops a stream the caller breaks out of, and aborts one whose signal fires', async () => {
    const stream = client.streamMessage('slow');
    let taskId = '';
    for await (const event of stream) {
      if ('task' in event) taskId = event.task.id;
      break;
    }
    expect(taskId).not.toBe('');
    const controller = new AbortController();
    const aborted = (async () => {
      for await (const _event of client.subscribe(taskId, { signal: controller.signal })) {
        controller.abort();
      }
    })().catch((e: unknown) => e);
    const error = await aborted;
    expect(error).toBeInstanceOf(A2AClientError);
    expect((error as A2AClientError).code).toBe('ABORTED');
    await client.cancelTask({ id: taskId });
  });

  it('times out a call past its timeout, and gives up on an unreachable agent after its retries', async () => {
    const timedOut = await client.sendMessage('slow', { timeoutMs: 200 }).catch((e: unknown) => e);
    expect((timedOut as A2AClientError).code).toBe('TIMEOUT');

    const card = (await (
      await fetch(`${agent.httpUrl}/.well-known/agent-card.json`, { headers: { 'A2A-Version': '1.0' } })
    ).json()) as AgentCard;
    const nowhere: AgentCard = {
      ...card,
      supportedInterfaces: [{ url: '127.0.0.1:1', protocolBinding: 'GRPC', protocolVersion: '1.0' }],
    };
    let waits = 0;
    const unreachable = await createA2AClient({
      agent: nowhere,
      transports: { GRPC: grpcTransport() },
      retry: { attempts: 3, sleep: async () => void waits++ },
    });
    const error = await unreachable.getTask({ id: 'x' }).catch((e: unknown) => e);
    expect((error as A2AClientError).code).toBe('NETWORK');
    expect(waits).toBe(2);
  });
});

describe('@baton/client over gRPC against the official SDK gRPC server', () => {
  let sdk: SdkGrpcServer;
  let client: A2AClient;

  beforeAll(async () => {
    sdk = await startSdkGrpcServer();
    client = await createA2AClient({ agent: sdk.card as AgentCard, transports: { GRPC: grpcTransport() } });
  });
  afterAll(async () => {
    await sdk.close();
  });

  it('sends, streams and reads tasks', async () => {
    expect(client.transport.binding).toBe('GRPC');
    const sent = await client.sendMessage('chunks:2');
    if (!('task' in sent)) throw new Error('expected a task');
    expect(sent.task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(sent.task.artifacts?.[0]?.parts).toEqual([{ data: { index: 0 } }, { data: { index: 1 } }]);
    const events = await collect(client.streamMessage('chunks:3'));
    expect(kinds(events)).toEqual([
      'task',
      'artifactUpdate',
      'artifactUpdate',
      'artifactUpdate',
      'statusUpdate',
    ]);
    expect((await client.getTask({ id: sent.task.id })).id).toBe(sent.task.id);
  });

  it('reads the SDK server errors as A2A errors', async () => {
    const error = await client.getTask({ id: 'no-such-task' }).catch((e: unknown) => e);
    expect(isA2AError(error, 'TaskNotFoundError')).toBe(true);
  });
});

describe('@baton/client over gRPC with credentials that get renewed', () => {
  let agent: ServedAgent;
  beforeAll(async () => {
    // The agent takes only the current token; the client starts with one it has since rotated out.
    agent = await serveAgent({
      getUser: (c) => {
        if (c.req.header('authorization') !== 'Bearer current') {
          throw new AuthFailure('unauthenticated', 'The bearer token is not valid');
        }
        return { id: 'alice' };
      },
    });
  });
  afterAll(async () => {
    await agent.close();
  });

  /** An authenticator whose token the agent refuses until it is renewed (as `refused()` makes an OAuth one). */
  function rotating() {
    let token = 'stale';
    let renewals = 0;
    const authenticate = Object.assign(
      ({ headers }: { headers: Headers }) => {
        headers.set('authorization', `Bearer ${token}`);
      },
      {
        refused() {
          renewals += 1;
          token = 'current';
          return true;
        },
      },
    );
    return { authenticate, renewals: () => renewals };
  }

  const card = (): AgentCard => ({
    name: 'gRPC test agent',
    description: 'Answers over gRPC',
    version: '1.0.0',
    supportedInterfaces: [{ url: agent.grpc.url, protocolBinding: 'GRPC', protocolVersion: '1.0' }],
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [],
  });

  it('renews a refused credential and sends a unary call once more', async () => {
    const { authenticate, renewals } = rotating();
    const transport = grpcTransport()({ url: agent.grpc.url, version: '1.0', authenticate });
    const client = createA2AClientFromTransport(transport, card());
    const sent = await client.sendMessage('chunks:1');
    expect('task' in sent && sent.task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(renewals()).toBe(1);
  });

  it('opens a stream refused before its first event once more, and refuses for good when renewal does not help', async () => {
    const { authenticate, renewals } = rotating();
    const transport = grpcTransport()({ url: agent.grpc.url, version: '1.0', authenticate });
    const events = await collect(createA2AClientFromTransport(transport, card()).streamMessage('chunks:2'));
    expect(kinds(events).at(-1)).toBe('statusUpdate');
    expect(renewals()).toBe(1);

    let attempts = 0;
    const hopeless = Object.assign(
      ({ headers }: { headers: Headers }) => {
        attempts += 1;
        headers.set('authorization', 'Bearer never');
      },
      { refused: () => true },
    );
    const refusing = grpcTransport()({ url: agent.grpc.url, version: '1.0', authenticate: hopeless });
    const error = await createA2AClientFromTransport(refusing, card())
      .sendMessage('chunks:1')
      .catch((caught: unknown) => caught);
    expect(isA2AError(error) && error.reason).toBe('UNAUTHENTICATED');
    // Sent twice: the first try and the one retry with renewed credentials, no more.
    expect(attempts).toBe(2);
  });
});
