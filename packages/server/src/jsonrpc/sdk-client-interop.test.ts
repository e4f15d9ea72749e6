/**
 * The official `@a2a-js/sdk` clients, 1.0 and 0.3, against this binding over the real core request handler:
 * the SDK's own transports build the requests and read the answers, through a `fetch` that calls
 * `app.request()` (no sockets). If a shape, a header or an error form is off, the SDK fails here.
 */
import { AgentCard, Message, SendMessageRequest, StreamResponse, Task } from '@a2a-js/sdk';
import { Client, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { LegacyJsonRpcTransport } from '@a2a-js/sdk/compat/v0_3/client';
import { TaskNotFoundError } from '@a2a-js/sdk/errors';
import { AgentCardSchema, createId } from '@baton/protocol';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AgentExecutor } from '../executor/agent-executor.ts';
import { createRequestHandler } from '../handler/create-request-handler.ts';
import { createJsonRpcApp } from './create-json-rpc-app.ts';
import { post, readJson, rpc } from './test-support/call-app.ts';

const RPC_URL = 'http://127.0.0.1/a2a/jsonrpc';

const CARD = AgentCardSchema.parse({
  name: 'Echo',
  description: 'Echoes what it is told',
  version: '1.0.0',
  supportedInterfaces: [
    { url: RPC_URL, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    { url: RPC_URL, protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
  ],
  capabilities: { streaming: true, extendedAgentCard: true },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
});

/** `direct` → a direct Message; `wait` → works until canceled; anything else → an echo artifact, completed. */
const executor: AgentExecutor = async (ctx) => {
  if (ctx.text === 'direct') return 'a direct reply';
  await ctx.working();
  if (ctx.text === 'wait') {
    await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
    return undefined;
  }
  await ctx.addArtifact({ name: 'echo', parts: [{ text: ctx.text }] });
  await ctx.complete('done');
  return undefined;
};

function setup() {
  const handler = createRequestHandler({
    executor,
    extendedCard: CARD,
    logger: { error: () => {}, warn: () => {} },
  });
  // Mounted where the card says, as the lead's createA2AServer will.
  const app = new Hono().route('/a2a/jsonrpc', createJsonRpcApp({ handler, logger: { error: () => {} } }));
  const fetchImpl = ((input: string | URL | Request, init?: RequestInit) =>
    Promise.resolve(app.request(input, init))) as typeof fetch;
  const sdkCard = AgentCard.fromJSON(CARD);
  return { app, handler, fetchImpl, sdkCard };
}

async function clients() {
  const { fetchImpl, sdkCard, app, handler } = setup();
  const v1 = new Client(await new JsonRpcTransportFactory({ fetchImpl }).create(RPC_URL, sdkCard), sdkCard);
  const v03 = new Client(new LegacyJsonRpcTransport({ endpoint: RPC_URL, fetchImpl }), sdkCard);
  return { v1, v03, app, handler };
}

function send(text: string, returnImmediately = false): SendMessageRequest {
  return SendMessageRequest.fromJSON({
    message: { messageId: createId(), role: 'ROLE_USER', parts: [{ text }] },
    configuration: { returnImmediately },
  });
}

/** One event of an SDK stream as `kind:state` / `kind:text`, read through the SDK's own ProtoJSON writer. */
function describeEvent(event: StreamResponse): string {
  const json = StreamResponse.toJSON(event) as Record<
    string,
    { status?: { state?: string }; artifact?: { parts: { text?: string }[] } }
  >;
  const [kind = '', body] = Object.entries(json)[0] ?? [];
  if (body?.artifact) return `${kind}:${body.artifact.parts.map((part) => part.text).join('')}`;
  return body?.status?.state ? `${kind}:${body.status.state}` : kind;
}

describe.each(['v1', 'v03'] as const)('the official SDK %s JSON-RPC client', (version) => {
  it('sends a message and reads back the completed task, then gets it again', async () => {
    const all = await clients();
    const client = all[version];
    const result = await client.sendMessage(send('tea'));
    if (!('status' in result)) throw new Error('expected a Task');
    const task = Task.toJSON(result) as {
      status: { state: string };
      artifacts: { parts: { text: string }[] }[];
    };
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(task.artifacts[0]?.parts[0]?.text).toBe('tea');
    const again = await client.getTask({ tenant: '', id: result.id, historyLength: undefined });
    expect(again.id).toBe(result.id);
  });

  it('reads a direct Message reply', async () => {
    const { [version]: client } = await clients();
    const result = await client.sendMessage(send('direct'));
    if (!('messageId' in result)) throw new Error('expected a Message');
    expect(Message.toJSON(result)).toMatchObject({ role: 'ROLE_AGENT', parts: [{ text: 'a direct reply' }] });
  });

  it('streams the task from submitted to completed', async () => {
    const { [version]: client } = await clients();
    const events: string[] = [];
    for await (const event of client.sendMessageStream(send('stream me'))) events.push(describeEvent(event));
    expect(events).toEqual([
      'task:TASK_STATE_SUBMITTED',
      'statusUpdate:TASK_STATE_WORKING',
      'artifactUpdate:stream me',
      'statusUpdate:TASK_STATE_COMPLETED',
    ]);
  });

  it('raises the SDK TaskNotFoundError for an unknown task', async () => {
    const { [version]: client } = await clients();
    await expect(
      client.getTask({ tenant: '', id: 'no-such-task', historyLength: undefined }),
    ).rejects.toBeInstanceOf(TaskNotFoundError);
  });

  // 1.0 answers a JSON error; 0.3 one error frame in a stream, which the SDK's 0.3 client wraps (its cause).
  it('raises TaskNotFoundError when subscribing to an unknown task', async () => {
    const { [version]: client } = await clients();
    const subscription = client.resubscribeTask({ tenant: '', id: 'no-such-task' });
    const error = await subscription.next().then(
      () => undefined,
      (failure: unknown) => failure as Error,
    );
    expect(version === 'v1' ? error : error?.cause).toBeInstanceOf(TaskNotFoundError);
  });

  it('subscribes to a running task and sees it canceled', async () => {
    const { [version]: client } = await clients();
    const started = await client.sendMessage(send('wait', true));
    if (!('status' in started)) throw new Error('expected a Task');
    const subscription = client.resubscribeTask({ tenant: '', id: started.id });
    const first = await subscription.next();
    expect(first.done).toBe(false);
    await client.cancelTask({ tenant: '', id: started.id, metadata: undefined });
    const rest: string[] = [];
    for await (const event of { [Symbol.asyncIterator]: () => subscription }) rest.push(describeEvent(event));
    expect(rest.at(-1)).toBe('statusUpdate:TASK_STATE_CANCELED');
  });

  it('fetches the extended agent card', async () => {
    const { [version]: client } = await clients();
    const card = await client.getAgentCard();
    expect(card.name).toBe('Echo');
  });
});

describe('a client leaving a stream, with the real handler', () => {
  it('leaves the task running when the subscriber disconnects', async () => {
    const handler = createRequestHandler({ executor, logger: { error: () => {}, warn: () => {} } });
    const app = createJsonRpcApp({ handler, logger: { error: () => {} } });
    const started = await readJson(
      await post(
        app,
        rpc('SendMessage', {
          message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'wait' }] },
          configuration: { returnImmediately: true },
        }),
        { version: '1.0' },
      ),
    );
    const taskId = (started.result as { task: { id: string } }).task.id;
    const response = await post(app, rpc('SubscribeToTask', { id: taskId }), { version: '1.0' });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('"task"');
    await reader.cancel();
    const after = await readJson(await post(app, rpc('GetTask', { id: taskId }), { version: '1.0' }));
    expect(after.result).toMatchObject({ id: taskId, status: { state: 'TASK_STATE_WORKING' } });
    await post(app, rpc('CancelTask', { id: taskId }), { version: '1.0' });
  });
});
