/**
 * The push and auth options of createA2AServer, over real HTTP on 127.0.0.1: the card reflects them, push
 * notifications reach a loopback webhook that is allowlisted, a private-range webhook is refused at
 * registration, and calls without credentials get 401 while the card stays public.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, createA2AServer, createAuthenticator, pushNotifications } from '../src/index.ts';
import { type RunningA2AServer, startA2AServer } from '../src/node.ts';

const CARD = {
  name: 'Options',
  description: 'Push and auth through createA2AServer',
  version: '1.0.0',
  skills: [],
  securitySchemes: { key: { apiKeySecurityScheme: { location: 'header', name: 'X-API-Key' } } },
  securityRequirements: [{ schemes: { key: { list: [] } } }],
};

interface Delivery {
  readonly headers: IncomingHttpHeaders;
  readonly body: unknown;
}

let webhook: Server;
let webhookUrl = '';
const deliveries: Delivery[] = [];
let running: RunningA2AServer;

beforeAll(async () => {
  webhook = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      deliveries.push({ headers: request.headers, body: JSON.parse(body) });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/hook`;
  running = await startA2AServer(
    createA2AServer({
      card: CARD,
      executor: async (ctx) => {
        await ctx.addArtifact({ name: 'echo', parts: [{ text: ctx.text }] });
      },
      push: pushNotifications({ allowlist: ['127.0.0.1'] }),
      auth: createAuthenticator({ card: CARD, schemes: { key: apiKey({ keys: { 'k-1': { id: 'ann' } } }) } }),
    }),
  );
});

afterAll(async () => {
  await running.close();
  await new Promise((resolve) => webhook.close(resolve));
});

async function rpc(
  method: string,
  params: unknown,
  headers: Record<string, string> = { 'X-API-Key': 'k-1' },
) {
  const response = await fetch(`${running.url}/a2a/jsonrpc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe('createA2AServer options', () => {
  it('advertises push notifications and keeps the card public', async () => {
    const response = await fetch(`${running.url}/.well-known/agent-card.json`, {
      headers: { 'A2A-Version': '1.0' },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { capabilities: unknown }).capabilities).toMatchObject({
      pushNotifications: true,
    });
  });

  it('answers a call without credentials with 401 and a challenge', async () => {
    const response = await rpc('GetTask', { id: 'x' }, {});
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^ApiKey /);
  });

  it('delivers the task and its state changes to an allowlisted webhook with the token', async () => {
    const sent = await rpc('SendMessage', {
      message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'hello' }] },
      configuration: { taskPushNotificationConfig: { url: webhookUrl, token: 'tok-1' } },
    });
    const taskId = (sent.body.result as { task: { id: string } }).task.id;
    await expect
      .poll(() => deliveries.some((d) => JSON.stringify(d.body).includes('TASK_STATE_COMPLETED')))
      .toBe(true);
    expect(deliveries.every((d) => d.headers['x-a2a-notification-token'] === 'tok-1')).toBe(true);
    expect(deliveries.every((d) => d.headers['content-type'] === 'application/a2a+json')).toBe(true);
    expect(JSON.stringify(deliveries[0]?.body)).toContain(taskId);
  });

  it('refuses a message whose inline webhook is on a private address, before any task exists', async () => {
    const refused = await rpc('SendMessage', {
      message: { messageId: 'm-3', role: 'ROLE_USER', parts: [{ text: 'no' }] },
      configuration: { taskPushNotificationConfig: { url: 'http://169.254.169.254/latest' } },
    });
    expect(refused.body.error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('not allowed'),
    });
    const listed = await rpc('ListTasks', {});
    const texts = JSON.stringify(listed.body.result);
    expect(texts).not.toContain('m-3');
  });

  it('refuses a webhook on a private address when the config is created', async () => {
    const sent = await rpc('SendMessage', {
      message: { messageId: 'm-2', role: 'ROLE_USER', parts: [{ text: 'again' }] },
    });
    const taskId = (sent.body.result as { task: { id: string } }).task.id;
    const refused = await rpc('CreateTaskPushNotificationConfig', { taskId, url: 'http://10.0.0.7/hook' });
    expect(refused.body.error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('not allowed'),
    });
  });
});
