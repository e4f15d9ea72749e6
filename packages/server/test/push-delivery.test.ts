import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StreamResponse } from '@baton/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { recordingLogger, testCall } from '../src/handler/test-support/test-kit.ts';
import {
  createInMemoryPushConfigStore,
  createPushDispatcher,
  createPushSigner,
  deliveryId,
} from '../src/push/index.ts';

/** What a webhook received. */
interface Hit {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: unknown;
}

/** A real webhook on 127.0.0.1 whose answer `respond` picks (status, or 'hang'). */
async function receiver(respond: (attempt: number, path: string) => number | 'hang') {
  const hits: Hit[] = [];
  const accepted: Hit[] = [];
  const attempts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    req.on('end', () => {
      const path = req.url ?? '';
      const hit = { path, headers: req.headers, body: JSON.parse(raw) as unknown };
      hits.push(hit);
      const attempt = (attempts.get(raw) ?? 0) + 1;
      attempts.set(raw, attempt);
      const answer = respond(attempt, path);
      if (answer === 'hang') return;
      if (answer < 300) accepted.push(hit);
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  servers.push(server);
  return { url: `http://127.0.0.1:${port}`, hits, accepted };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const noWait = { sleep: async () => undefined, random: () => 0 };

function events(taskId: string): StreamResponse[] {
  const base = { taskId, contextId: 'c1' };
  return [
    { task: { id: taskId, contextId: 'c1', status: { state: 'TASK_STATE_SUBMITTED' } } },
    { statusUpdate: { ...base, status: { state: 'TASK_STATE_WORKING' } } },
    { artifactUpdate: { ...base, artifact: { artifactId: 'a', parts: [{ text: 'x' }] }, lastChunk: false } },
    {
      artifactUpdate: {
        ...base,
        artifact: { artifactId: 'a', parts: [{ text: 'y' }] },
        append: true,
        lastChunk: true,
      },
    },
    { statusUpdate: { ...base, status: { state: 'TASK_STATE_COMPLETED' } } },
  ];
}

async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** A dispatcher that signs its deliveries, for task `t1` with one config `cfg` at `url`, and the warnings it logs. */
async function signedDispatcherTo(url: string) {
  const configs = createInMemoryPushConfigStore({ allowlist: ['127.0.0.1'] });
  await configs.create({ taskId: 't1', id: 'cfg', url }, testCall());
  const warnings: unknown[] = [];
  const dispatcher = createPushDispatcher({
    configs,
    allowlist: ['127.0.0.1'],
    backoff: noWait,
    signer: createPushSigner(),
    logger: { ...recordingLogger(), warn: (message, details) => warnings.push({ message, details }) },
  });
  return { dispatcher, warnings };
}

describe('push delivery to a real webhook', () => {
  it('retries through two 500s and delivers every notifiable event in order with its headers', async () => {
    const hook = await receiver((attempt) => (attempt <= 2 ? 500 : 200));
    const configs = createInMemoryPushConfigStore({ allowlist: ['127.0.0.1'] });
    const auth = { scheme: 'Bearer', credentials: 'secret' };
    await configs.create(
      { taskId: 't1', url: `${hook.url}/v1`, token: 'tok', authentication: auth },
      testCall(),
    );
    await configs.create(
      { taskId: 't1', url: `${hook.url}/v03`, token: 'tok', authentication: auth },
      testCall({ version: '0.3' }),
    );
    const dispatcher = createPushDispatcher({ configs, allowlist: ['127.0.0.1'], backoff: noWait });
    for (const [index, event] of events('t1').entries()) dispatcher.notify('t1', event, index + 1);
    await dispatcher.flush(5000);

    const v1 = hook.accepted.filter((hit) => hit.path === '/v1');
    expect(v1.map((hit) => Object.keys(hit.body as object)[0])).toEqual([
      'task',
      'statusUpdate',
      'artifactUpdate',
      'statusUpdate',
    ]);
    expect(v1[3]?.body).toEqual(events('t1')[4]);
    for (const hit of hook.accepted) {
      expect(hit.headers.authorization).toBe('Bearer secret');
      expect(hit.headers['x-a2a-notification-token']).toBe('tok');
    }
    expect(v1[0]?.headers['content-type']).toBe('application/a2a+json');
    const v03 = hook.accepted.filter((hit) => hit.path === '/v03');
    expect(v03.map((hit) => (hit.body as { kind: string }).kind)).toEqual([
      'task',
      'status-update',
      'artifact-update',
      'status-update',
    ]);
    expect(v03[3]?.body).toMatchObject({ taskId: 't1', status: { state: 'completed' }, final: true });
    expect(v03[0]?.headers['content-type']).toBe('application/json');
    expect(hook.hits).toHaveLength(3 * 8);
  });

  it('drops a notification with a log line after its retries, then goes on with the next event', async () => {
    const hook = await receiver(() => 503);
    const configs = createInMemoryPushConfigStore({ allowlist: ['127.0.0.1'] });
    await configs.create({ taskId: 't1', id: 'cfg', url: hook.url }, testCall());
    const logger = recordingLogger();
    const warnings: unknown[] = [];
    const dispatcher = createPushDispatcher({
      configs,
      allowlist: ['127.0.0.1'],
      retries: 2,
      backoff: noWait,
      logger: { ...logger, warn: (message, details) => warnings.push({ message, details }) },
    });
    dispatcher.notify('t1', events('t1')[0] as StreamResponse, 1);
    dispatcher.notify('t1', events('t1')[1] as StreamResponse, 2);
    await dispatcher.flush(5000);
    expect(hook.hits).toHaveLength(6);
    expect(warnings).toEqual([
      expect.objectContaining({
        message: 'Push notification dropped',
        details: expect.objectContaining({ taskId: 't1', configId: 'cfg', attempts: 3, event: 'task' }),
      }),
      expect.objectContaining({ details: expect.objectContaining({ event: 'statusUpdate' }) }),
    ]);
  });

  it('signs every attempt of one delivery with the same token id; a 409 to a repeat means the webhook has it', async () => {
    // First attempt: the webhook takes it but the answer is lost (500); the retry is a replay it refuses (409).
    const hook = await receiver((attempt) => (attempt === 1 ? 500 : 409));
    const { dispatcher, warnings } = await signedDispatcherTo(hook.url);
    dispatcher.notify('t1', events('t1')[1] as StreamResponse, 7);
    await dispatcher.flush(5000);
    const tokenIds = hook.hits.map((hit) => {
      const token = String(hit.headers.authorization).replace(/^Bearer /, '');
      return (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { jti: string })
        .jti;
    });
    expect(tokenIds).toEqual([deliveryId('t1', 7, 'cfg'), deliveryId('t1', 7, 'cfg')]);
    expect(warnings).toEqual([]);
  });

  it('drops a delivery the webhook refuses with 409 on its first attempt', async () => {
    const hook = await receiver(() => 409);
    const { dispatcher, warnings } = await signedDispatcherTo(hook.url);
    dispatcher.notify('t1', events('t1')[1] as StreamResponse, 2);
    await dispatcher.flush(5000);
    expect(hook.hits).toHaveLength(1);
    expect(warnings).toEqual([expect.objectContaining({ message: 'Push notification dropped' })]);
  });

  it('times out a hanging webhook without blocking another task', async () => {
    const hook = await receiver((_attempt, path) => (path === '/slow' ? 'hang' : 200));
    const configs = createInMemoryPushConfigStore({ allowlist: ['127.0.0.1'] });
    await configs.create({ taskId: 'slow', url: `${hook.url}/slow` }, testCall());
    await configs.create({ taskId: 'fast', url: `${hook.url}/fast` }, testCall());
    const warnings: unknown[] = [];
    const dispatcher = createPushDispatcher({
      configs,
      allowlist: ['127.0.0.1'],
      timeoutMs: 150,
      retries: 1,
      backoff: noWait,
      logger: { error: () => undefined, warn: (_m, details) => warnings.push(details) },
    });
    dispatcher.notify('slow', events('slow')[0] as StreamResponse, 1);
    for (const [index, event] of events('fast').entries()) dispatcher.notify('fast', event, index + 1);
    await until(() => hook.accepted.length === 4);
    expect(warnings).toEqual([]);
    expect(hook.hits.filter((hit) => hit.path === '/slow')).toHaveLength(1);
    await dispatcher.flush(5000);
    expect(warnings[0]).toMatchObject({ taskId: 'slow', reason: 'timed out after 150 ms' });
  });

  it('refuses to send when the host now resolves to a forbidden address (DNS rebinding)', async () => {
    const configs = createInMemoryPushConfigStore({ resolveHost: async () => ['8.8.8.8'] });
    await configs.create({ taskId: 't', url: 'http://rebind.example/hook' }, testCall());
    const sent: string[] = [];
    const warnings: unknown[] = [];
    const dispatcher = createPushDispatcher({
      configs,
      resolveHost: async () => ['127.0.0.1'],
      fetch: async (url) => {
        sent.push(url);
        return new Response(null, { status: 200 });
      },
      logger: { error: () => undefined, warn: (_m, details) => warnings.push(details) },
    });
    dispatcher.notify('t', events('t')[0] as StreamResponse, 1);
    await dispatcher.flush(1000);
    expect(sent).toEqual([]);
    expect(warnings[0]).toMatchObject({
      attempts: 1,
      reason: expect.stringContaining('resolves to 127.0.0.1'),
    });
  });

  it('registers a name that does not resolve yet, and sends nothing while it still does not', async () => {
    const unresolved = async (): Promise<string[]> => {
      throw new Error('ENOTFOUND');
    };
    const configs = createInMemoryPushConfigStore({ resolveHost: unresolved });
    await configs.create({ taskId: 't', url: 'https://hooks.example.com/a2a' }, testCall());
    expect(await configs.list('t', {}, testCall())).toMatchObject({
      configs: [{ url: 'https://hooks.example.com/a2a' }],
    });
    const sent: string[] = [];
    const warnings: unknown[] = [];
    const dispatcher = createPushDispatcher({
      configs,
      resolveHost: unresolved,
      fetch: async (url) => {
        sent.push(url);
        return new Response(null, { status: 200 });
      },
      logger: { error: () => undefined, warn: (_m, details) => warnings.push(details) },
    });
    dispatcher.notify('t', events('t')[0] as StreamResponse, 1);
    await dispatcher.flush(1000);
    expect(sent).toEqual([]);
    expect(warnings[0]).toMatchObject({ reason: expect.stringContaining('could not be resolved') });
  });

  it('abandons deliveries still pending at the flush deadline', async () => {
    const hook = await receiver(() => 'hang');
    const configs = createInMemoryPushConfigStore({ allowlist: ['127.0.0.1'] });
    await configs.create({ taskId: 't', url: hook.url }, testCall());
    const dispatcher = createPushDispatcher({
      configs,
      allowlist: ['127.0.0.1'],
      logger: { error: () => undefined, warn: () => undefined },
    });
    dispatcher.notify('t', events('t')[0] as StreamResponse, 1);
    const started = Date.now();
    await dispatcher.flush(100);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(dispatcher.busyTasks()).toBe(0);
  });
});
