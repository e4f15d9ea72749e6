/**
 * A card whose API key travels in a cookie (issue 31): a page on another site could send a form, or a POST with
 * no body and no Content-Type, along with the user's cookie and no preflight. So with such a card every REST
 * POST must say JSON, an empty cancel too, on 1.0 and 0.3 routes; without one, bodiless POSTs stay lenient.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, createA2AServer, createAuthenticator } from '../src/index.ts';
import { type RunningA2AServer, startA2AServer } from '../src/node.ts';

const KEY = 'cookie-key-0123456789';

function agent(location: 'cookie' | 'header') {
  const card = {
    name: 'Waits',
    description: 'Works until canceled',
    version: '1.0.0',
    skills: [],
    securitySchemes: { session: { apiKeySecurityScheme: { location, name: 'session' } } },
  };
  return createA2AServer({
    card,
    auth: createAuthenticator({ card, schemes: { session: apiKey({ keys: { [KEY]: { id: 'user' } } }) } }),
    executor: async (ctx) => {
      await ctx.working();
      await new Promise<void>((resolve) =>
        ctx.signal.addEventListener('abort', () => resolve(), { once: true }),
      );
    },
    logger: { error: () => undefined, warn: () => undefined },
  });
}

describe('REST writes with cookie credentials', () => {
  let cookie: RunningA2AServer;
  let header: RunningA2AServer;
  beforeAll(async () => {
    cookie = await startA2AServer(agent('cookie'), { port: 0 });
    header = await startA2AServer(agent('header'), { port: 0 });
  });
  afterAll(async () => {
    await cookie.close();
    await header.close();
  });

  const credentials = (server: RunningA2AServer) =>
    server === cookie ? { cookie: `session=${KEY}` } : { session: KEY };

  async function startTask(server: RunningA2AServer): Promise<string> {
    const response = await fetch(`${server.url}/a2a/rest/message:send`, {
      method: 'POST',
      headers: { ...credentials(server), 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: JSON.stringify({
        message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text: 'wait' }] },
        configuration: { returnImmediately: true },
      }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { task: { id: string } }).task.id;
  }

  it.each([
    ['no Content-Type and no body', {}, undefined],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }, ''],
    ['text/plain', { 'content-type': 'text/plain' }, ''],
  ])(
    'refuses a cancel sent with %s (415), on 1.0 and 0.3, and the task goes on',
    async (_, headers, body) => {
      const id = await startTask(cookie);
      for (const [path, version] of [
        [`/a2a/rest/tasks/${id}:cancel`, '1.0'],
        [`/a2a/rest/v1/tasks/${id}:cancel`, '0.3'],
      ] as const) {
        const response = await fetch(`${cookie.url}${path}`, {
          method: 'POST',
          headers: { ...credentials(cookie), 'a2a-version': version, ...headers },
          ...(body === undefined ? {} : { body }),
        });
        expect(response.status, `${version} ${path}`).toBe(415);
      }
      const task = await fetch(`${cookie.url}/a2a/rest/tasks/${id}`, {
        headers: { ...credentials(cookie), 'a2a-version': '1.0' },
      });
      expect(((await task.json()) as { status: { state: string } }).status.state).toBe('TASK_STATE_WORKING');
    },
  );

  it('takes a cancel labelled JSON, with or without a body', async () => {
    for (const body of [undefined, '{}']) {
      const id = await startTask(cookie);
      const response = await fetch(`${cookie.url}/a2a/rest/tasks/${id}:cancel`, {
        method: 'POST',
        headers: { ...credentials(cookie), 'a2a-version': '1.0', 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body }),
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { status: { state: string } }).status.state).toBe(
        'TASK_STATE_CANCELED',
      );
    }
  });

  it('stays lenient without cookie credentials: a bodiless cancel needs no Content-Type', async () => {
    const id = await startTask(header);
    const response = await fetch(`${header.url}/a2a/rest/tasks/${id}:cancel`, {
      method: 'POST',
      headers: { ...credentials(header), 'a2a-version': '1.0' },
    });
    expect(response.status).toBe(200);
  });
});
