import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StreamResponse } from '@baton/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { createRequestHandler } from '../src/handler/create-request-handler.ts';
import { testCall, userMessage } from '../src/handler/test-support/test-kit.ts';
import {
  createInMemoryPushConfigStore,
  createPushDispatcher,
  type PushDispatcherOptions,
  withPushNotifications,
} from '../src/push/index.ts';
import { createEventHub } from '../src/vocabulary/event-hub.ts';
import type { Logger } from '../src/vocabulary/logger.ts';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A webhook on 127.0.0.1: records bodies, answers 200, or never answers when `hang`. */
async function webhook(hang = false): Promise<{ url: string; bodies: StreamResponse[] }> {
  const bodies: StreamResponse[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    req.on('end', () => {
      bodies.push(JSON.parse(raw) as StreamResponse);
      if (!hang) res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, bodies };
}

/** A URL on 127.0.0.1 where nothing listens. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/hook`;
}

function setup(options: Partial<PushDispatcherOptions> = {}) {
  const warnings: { message: string; details: unknown }[] = [];
  const logger: Logger = {
    error: (message, details) => warnings.push({ message, details }),
    warn: (message, details) => warnings.push({ message, details }),
  };
  const pushConfigs = createInMemoryPushConfigStore({ allowlist: ['127.0.0.1'] });
  const dispatcher = createPushDispatcher({
    configs: pushConfigs,
    allowlist: ['127.0.0.1'],
    logger,
    backoff: {
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      baseMs: 20,
      random: () => 1,
    },
    ...options,
  });
  const handler = createRequestHandler({
    executor: async (ctx) => {
      await ctx.working();
      await ctx.addArtifact({ parts: [{ text: 'report' }] });
      await ctx.complete('done');
    },
    pushConfigs,
    hub: withPushNotifications(createEventHub(), dispatcher),
    logger,
  });
  return { handler, dispatcher, warnings };
}

function send(handler: ReturnType<typeof setup>['handler'], url: string) {
  return handler.sendMessage(
    {
      message: userMessage('go'),
      configuration: { taskPushNotificationConfig: { url, token: 'tok' } },
    },
    testCall(),
  );
}

describe('push notifications through the request handler', () => {
  it('delivers an inline config every event from the initial Task on, in order', async () => {
    const hook = await webhook();
    const { handler, dispatcher } = setup();
    const response = await send(handler, hook.url);
    await dispatcher.flush(2000);
    expect('task' in response && response.task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(hook.bodies.map((body) => Object.keys(body)[0])).toEqual([
      'task',
      'statusUpdate',
      'artifactUpdate',
      'statusUpdate',
    ]);
  });

  it('completes the task on time while a down or hanging webhook is retried, then drops with a log line', async () => {
    const hanging = await webhook(true);
    const { handler, dispatcher, warnings } = setup({ timeoutMs: 50, retries: 1 });
    const started = Date.now();
    const [down, hung] = await Promise.all([send(handler, await deadUrl()), send(handler, hanging.url)]);
    expect(Date.now() - started).toBeLessThan(1000);
    expect('task' in down && down.task.status.state).toBe('TASK_STATE_COMPLETED');
    expect('task' in hung && hung.task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(dispatcher.busyTasks()).toBe(2);
    await dispatcher.flush(10_000);
    expect(hanging.bodies.length).toBe(4 * 2);
    const dropped = warnings.filter((w) => w.message === 'Push notification dropped');
    expect(dropped).toHaveLength(8);
    expect(dropped[0]?.details).toMatchObject({ attempts: 2 });
  });

  it('refuses a message whose inline config points at a forbidden URL, before the task starts', async () => {
    const { handler } = setup();
    await expect(send(handler, 'http://169.254.169.254/latest')).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('cloud metadata address'),
    });
  });
});
