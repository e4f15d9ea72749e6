/**
 * The client against a real `@baton/server` over HTTP on 127.0.0.1, for every binding × version: every
 * operation, typed 1.0 results, streaming, breaking out of a stream, and the headers on the wire.
 */
import type { StreamResponse } from '@baton/protocol';
import { isA2AError } from '@baton/protocol';
import { type AgentExecutor, createA2AServer, pushNotifications } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type A2AClient, createA2AClient } from '../src/client/index.ts';
import type { HttpRequest } from '../src/http/interceptor.ts';
import { HTTP_INTERFACES } from './support/http-interfaces.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many 'wait' tasks the agent started. */
let waits = 0;

/** What the agent does, by the text it is sent. */
const executor: AgentExecutor = async (ctx): Promise<string | undefined> => {
  if (ctx.text === 'hello') return 'Hi there';
  if (ctx.text === 'ask') {
    const answer = await ctx.requestInput('Which city?');
    await ctx.complete(
      `Going to ${answer.parts[0] && 'text' in answer.parts[0] ? answer.parts[0].text : '?'}`,
    );
    return;
  }
  if (ctx.text === 'wait') {
    waits += 1;
    await ctx.working('Waiting to be canceled');
    await new Promise<void>((resolve) =>
      ctx.signal.addEventListener('abort', () => resolve(), { once: true }),
    );
    return;
  }
  const slow = /^slow (\d+)$/.exec(ctx.text);
  await ctx.working('On it');
  const count = slow ? Number(slow[1]) : 2;
  const stream = ctx.streamArtifact({ name: 'lines' });
  for (let i = 1; i < count; i++) {
    if (slow) await sleep(40);
    await stream.write(`line ${i}\n`);
  }
  await stream.end(`line ${count}\n`);
  await ctx.complete('Done');
  return undefined;
};

/** A push config store in memory (the server ships none yet). */

let running: RunningA2AServer;
const seen: HttpRequest[] = [];

beforeAll(async () => {
  const server = createA2AServer({
    card: {
      name: 'Client test agent',
      description: 'Answers the client tests',
      version: '1.0.0',
      skills: [{ id: 'test', name: 'Test', description: 'Tests', tags: ['test'] }],
    },
    executor,
    // Port 9 on loopback (discard): allowlisted so configs register; nothing listens, so deliveries are dropped.
    push: pushNotifications({ allowlist: ['127.0.0.1'], retries: 0 }),
    extendedCard: { description: 'The extended card' },
    heartbeatMs: 50,
    logger: { error: () => {}, warn: () => {} },
  });
  running = await startA2AServer(server, { shutdownDeadlineMs: 100 });
});
afterAll(() => running.close());

const collect = async (events: AsyncIterable<StreamResponse>) => {
  const all: StreamResponse[] = [];
  for await (const event of events) all.push(event);
  return all;
};
const lastState = (events: readonly StreamResponse[]) => {
  const last = events.at(-1);
  return last && 'statusUpdate' in last
    ? last.statusUpdate.status.state
    : last && 'task' in last
      ? last.task.status.state
      : undefined;
};

describe.each(HTTP_INTERFACES)('%s at %s against @baton/server', (binding, version) => {
  let client: A2AClient;
  beforeAll(async () => {
    client = await createA2AClient({
      agent: running.url,
      preferredBindings: [binding],
      preferredVersions: [version],
      interceptors: [{ before: (request) => void seen.push(request) }],
    });
  });

  it('picks the requested interface', () => {
    expect(client.transport.binding).toBe(binding);
    expect(client.transport.version).toBe(version);
  });

  it('sends A2A-Version matching the interface on every call', async () => {
    const from = seen.length;
    await client.sendMessage('hello');
    const sent = seen.slice(from);
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) expect(request.init.headers.get('A2A-Version')).toBe(version);
  });

  it('gets a direct reply as a 1.0 message', async () => {
    const response = await client.sendMessage('hello');
    expect('message' in response && response.message.parts).toEqual([{ text: 'Hi there' }]);
    expect('message' in response && response.message.role).toBe('ROLE_AGENT');
  });

  it('blocks until the task completes, then gets and cancels by id', async () => {
    const response = await client.sendMessage('work');
    if (!('task' in response)) throw new Error('expected a task');
    expect(response.task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(response.task.artifacts?.[0]?.parts.map((part) => ('text' in part ? part.text : ''))).toEqual([
      'line 1\n',
      'line 2\n',
    ]);
    const task = await client.getTask(response.task.id);
    expect(task.id).toBe(response.task.id);
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    await expect(client.cancelTask(task.id)).rejects.toSatisfy((error) =>
      isA2AError(error, 'TaskNotCancelableError'),
    );
  });

  it('returns immediately when asked, and cancels a running task', async () => {
    const response = await client.sendMessage('wait', { returnImmediately: true });
    if (!('task' in response)) throw new Error('expected a task');
    const canceled = await client.cancelTask(response.task.id);
    expect(canceled.status.state).toBe('TASK_STATE_CANCELED');
  });

  it('continues an interrupted task', async () => {
    const first = await client.sendMessage('ask');
    if (!('task' in first)) throw new Error('expected a task');
    expect(first.task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    const second = await client.sendMessage('Lisbon', {
      taskId: first.task.id,
      contextId: first.task.contextId ?? '',
    });
    expect('task' in second && second.task.status.state).toBe('TASK_STATE_COMPLETED');
  });

  it('streams a task to its terminal state', async () => {
    const events = await collect(client.streamMessage('work'));
    expect('task' in (events[0] ?? {})).toBe(true);
    expect(events.filter((event) => 'artifactUpdate' in event)).toHaveLength(2);
    expect(lastState(events)).toBe('TASK_STATE_COMPLETED');
  });

  it('closes the connection when the caller breaks out; the task runs on and can be subscribed to', async () => {
    let taskId = '';
    for await (const event of client.streamMessage('slow 6')) {
      if ('task' in event) taskId = event.task.id;
      if ('artifactUpdate' in event) break;
    }
    expect(taskId).not.toBe('');
    const events = await collect(client.subscribe(taskId));
    expect('task' in (events[0] ?? {})).toBe(true);
    expect(lastState(events)).toBe('TASK_STATE_COMPLETED');
  });

  it('cancels the task when the caller aborts a stream with cancelTaskOnAbort, and leaves it running without', async () => {
    const controller = new AbortController();
    let taskId = '';
    const stopped = await (async () => {
      for await (const event of client.streamMessage('wait', {
        signal: controller.signal,
        cancelTaskOnAbort: true,
      })) {
        if ('task' in event) taskId = event.task.id;
        if ('statusUpdate' in event) controller.abort();
      }
    })().catch((error: unknown) => error);
    // The stream ends with the canceled status, or as aborted if the status comes after the client stopped listening.
    expect(stopped === undefined || (stopped as { code?: string }).code === 'ABORTED').toBe(true);
    expect((await client.getTask(taskId)).status.state).toBe('TASK_STATE_CANCELED');

    const plain = new AbortController();
    let running = '';
    await (async () => {
      for await (const event of client.streamMessage('wait', { signal: plain.signal })) {
        if ('task' in event) running = event.task.id;
        if ('statusUpdate' in event) plain.abort();
      }
    })().catch(() => undefined);
    expect((await client.getTask(running)).status.state).toBe('TASK_STATE_WORKING');
    await client.cancelTask(running);
  });

  it('sends nothing for a stream whose signal fired before it began', async () => {
    const before = waits;
    const error = await collect(
      client.streamMessage('wait', { signal: AbortSignal.abort(), cancelTaskOnAbort: true }),
    ).catch((caught: unknown) => caught);
    expect((error as { code?: string }).code).toBe('ABORTED');
    expect(waits).toBe(before);
  });

  it('maps a server error to A2AError', async () => {
    await expect(client.getTask('no-such-task')).rejects.toSatisfy((error) =>
      isA2AError(error, 'TaskNotFoundError'),
    );
  });

  it('creates, gets, lists and deletes push configs', async () => {
    const response = await client.sendMessage('wait', { returnImmediately: true });
    if (!('task' in response)) throw new Error('expected a task');
    const taskId = response.task.id;
    const created = await client.createPushConfig({
      taskId,
      url: 'http://127.0.0.1:9/hook',
      token: 'secret',
    });
    expect(created).toMatchObject({ taskId, url: 'http://127.0.0.1:9/hook', token: 'secret' });
    const id = created.id ?? '';
    expect(await client.getPushConfig({ taskId, id })).toMatchObject({ id, url: 'http://127.0.0.1:9/hook' });
    const list = await client.listPushConfigs(taskId);
    expect(list.configs?.map((config) => config.id)).toEqual([id]);
    await client.deletePushConfig({ taskId, id });
    expect((await client.listPushConfigs(taskId)).configs ?? []).toEqual([]);
    await client.cancelTask(taskId);
  });

  it('fetches the extended card and uses it from then on', async () => {
    const card = await client.getExtendedAgentCard();
    expect(card.description).toBe('The extended card');
    expect(client.card.description).toBe('The extended card');
  });

  if (version === '1.0') {
    it('lists tasks page by page and all of them', async () => {
      const contextId = `ctx-${binding}`;
      for (let i = 0; i < 3; i++)
        await client.sendMessage({
          message: {
            messageId: `m-${binding}-${i}`,
            role: 'ROLE_USER',
            parts: [{ text: 'work' }],
            contextId,
          },
        });
      const page = await client.listTasks({ contextId, pageSize: 2 });
      expect(page.tasks).toHaveLength(2);
      expect(page.nextPageToken).not.toBe('');
      const all = [];
      for await (const task of client.listAllTasks({ contextId, pageSize: 2 })) all.push(task);
      expect(all).toHaveLength(3);
      expect(new Set(all.map((task) => task.id)).size).toBe(3);
    });
  } else {
    it('rejects ListTasks locally with UnsupportedOperation', async () => {
      const from = seen.length;
      await expect(client.listTasks()).rejects.toSatisfy((error) =>
        isA2AError(error, 'UnsupportedOperationError'),
      );
      expect(seen.length).toBe(from);
    });
  }
});

describe('an interface with a tenant', () => {
  let tenantServer: RunningA2AServer;
  beforeAll(async () => {
    const server = createA2AServer({
      card: { name: 'Tenant agent', description: 'Routes by tenant', version: '1.0.0', skills: [] },
      executor,
      tenant: 'acme',
      logger: { error: () => {}, warn: () => {} },
    });
    tenantServer = await startA2AServer(server, { shutdownDeadlineMs: 100 });
  });
  afterAll(() => tenantServer.close());

  it.each(['JSONRPC', 'HTTP+JSON'] as const)(
    '%s 1.0 sends the tenant with every request',
    async (binding) => {
      const requests: HttpRequest[] = [];
      const client = await createA2AClient({
        agent: tenantServer.url,
        preferredBindings: [binding],
        preferredVersions: ['1.0'],
        interceptors: [{ before: (request) => void requests.push(request) }],
      });
      const response = await client.sendMessage('work');
      if (!('task' in response)) throw new Error('expected a task');
      expect((await client.getTask(response.task.id)).id).toBe(response.task.id);
      expect(requests).toHaveLength(2);
      for (const request of requests) {
        if (binding === 'JSONRPC') expect(JSON.parse(String(request.init.body)).params.tenant).toBe('acme');
        else expect(new URL(request.url).pathname).toMatch(/\/acme\//);
      }
    },
  );
});
