/**
 * Push webhooks refused by what their host name resolves to, at registration and on the connection that
 * delivers, with `createA2AServer({ push })` served by `startA2AServer` and webhooks on 127.0.0.1. A failed
 * guard would deliver to the loopback listener, so "nothing delivered" is the proof.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { createA2AServer, type Logger, type PushOptions, pushNotifications } from '../src/index.ts';
import { nodeResolveHost, type RunningA2AServer, startA2AServer } from '../src/node.ts';

const CARD = {
  name: 'Guarded',
  description: 'Push webhooks behind the SSRF guard',
  version: '1.0.0',
  skills: [],
};

interface Receiver {
  readonly port: number;
  readonly requests: { readonly path: string; readonly headers: IncomingHttpHeaders }[];
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A webhook on 127.0.0.1 that records every request; `/redirect` answers 302 to `/elsewhere`. */
async function receiver(): Promise<Receiver> {
  const requests: Receiver['requests'][number][] = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      requests.push({ path: request.url ?? '', headers: request.headers });
      if (request.url === '/redirect') response.writeHead(302, { Location: '/elsewhere' }).end();
      else response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { port: (server.address() as AddressInfo).port, requests };
}

interface Agent {
  readonly running: RunningA2AServer;
  readonly warnings: { message: string; details: Record<string, unknown> | undefined }[];
  rpc(
    method: string,
    params: unknown,
  ): Promise<{ result?: unknown; error?: { code: number; message: string } }>;
}

/** An agent whose tasks ask one question, then complete on the answer. */
async function agent(settings: PushOptions = {}): Promise<Agent> {
  const warnings: Agent['warnings'] = [];
  const logger: Logger = {
    warn: (message, details) => warnings.push({ message, details }),
    error: (message, details) => warnings.push({ message, details }),
  };
  const running = await startA2AServer(
    createA2AServer({
      card: CARD,
      logger,
      push: pushNotifications(settings),
      executor: async (ctx) => {
        await ctx.requestInput({ parts: [{ text: 'Which city?' }] });
        return undefined;
      },
    }),
  );
  closers.push(() => running.close());
  return {
    running,
    warnings,
    async rpc(method, params) {
      const response = await fetch(`${running.url}/a2a/jsonrpc`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      return (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
    },
  };
}

async function waitingTask(target: Agent): Promise<string> {
  const sent = await target.rpc('SendMessage', {
    message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text: 'plan a trip' }] },
  });
  return (sent.result as { task: { id: string } }).task.id;
}

async function answer(target: Agent, taskId: string): Promise<void> {
  const sent = await target.rpc('SendMessage', {
    message: { messageId: crypto.randomUUID(), taskId, role: 'ROLE_USER', parts: [{ text: 'Lisbon' }] },
  });
  expect(sent.error).toBeUndefined();
}

const dropped = (target: Agent) =>
  target.warnings.filter((warning) => warning.message === 'Push notification dropped');

/** A resolver answering from a table the test can change between registration and delivery. */
function switchableResolver(initial: Record<string, string[]>) {
  const table = new Map(Object.entries(initial));
  return {
    set: (name: string, addresses: string[]) => table.set(name, addresses),
    resolveHost: async (name: string) => {
      const found = table.get(name);
      if (!found) throw new Error(`getaddrinfo ENOTFOUND ${name}`);
      return found;
    },
  };
}

describe('push webhooks whose names resolve to forbidden addresses', () => {
  it.each([
    ['loopback.test', '127.0.0.1', 'a loopback address'],
    ['private10.test', '10.1.2.3', 'a private address'],
    ['private172.test', '172.20.0.4', 'a private address'],
    ['private192.test', '192.168.0.10', 'a private address'],
    ['linklocal.test', '169.254.10.1', 'a link-local address'],
    ['cgnat.test', '100.64.1.1', 'a shared (CGNAT) address'],
    ['metadata.test', '169.254.169.254', 'a cloud metadata address'],
    ['ula.test', 'fd12:3456::1', 'a private (unique local) address'],
    ['v6loopback.test', '::1', 'a loopback address'],
    ['mapped.test', '::ffff:127.0.0.1', 'embeds 127.0.0.1 is a loopback address'],
    ['unspecified.test', '0.0.0.0', 'an unspecified'],
  ])('refuses %s (resolving to %s) at registration', async (name, address, reason) => {
    const target = await agent({ resolveHost: switchableResolver({ [name]: [address] }).resolveHost });
    const taskId = await waitingTask(target);
    const refused = await target.rpc('CreateTaskPushNotificationConfig', {
      taskId,
      url: `https://${name}/hook`,
    });
    expect(refused.error?.code).toBe(-32602);
    expect(refused.error?.message).toContain(`https://${name}/hook`);
    expect(refused.error?.message).toContain(`${name} resolves to`);
    expect(refused.error?.message).toContain(reason);
  });

  it.each([
    ['127.0.0.1', '127.0.0.1 is a loopback address'],
    ['::ffff:127.0.0.1', 'embeds 127.0.0.1 is a loopback address'],
  ])(
    'refuses on the delivering connection a name that resolved to a public address at registration and to %s after (DNS rebinding)',
    async (internal, reason) => {
      const hook = await receiver();
      const dns = switchableResolver({ 'rebind.test': ['93.184.215.14'] });
      const target = await agent({ resolveHost: dns.resolveHost, retries: 0 });
      const taskId = await waitingTask(target);
      const created = await target.rpc('CreateTaskPushNotificationConfig', {
        taskId,
        url: `http://rebind.test:${hook.port}/hook`,
      });
      expect(created.error).toBeUndefined();
      dns.set('rebind.test', [internal]);
      await answer(target, taskId);
      await expect.poll(() => dropped(target).length).toBeGreaterThan(0);
      expect(dropped(target)[0]?.details?.reason).toContain('rebind.test resolves to');
      expect(dropped(target)[0]?.details?.reason).toContain(reason);
      expect(dropped(target)[0]?.details?.attempts).toBe(1);
      expect(hook.requests).toEqual([]);
    },
  );

  it('refuses at delivery a name that did not resolve at registration and now points at loopback', async () => {
    const hook = await receiver();
    const dns = switchableResolver({});
    const target = await agent({ resolveHost: dns.resolveHost });
    const taskId = await waitingTask(target);
    const url = `http://later.test:${hook.port}/hook`;
    expect((await target.rpc('CreateTaskPushNotificationConfig', { taskId, url })).error).toBeUndefined();
    dns.set('later.test', ['127.0.0.1']);
    await answer(target, taskId);
    await expect.poll(() => dropped(target).length).toBeGreaterThan(0);
    expect(dropped(target)[0]?.details?.reason).toContain(
      'later.test resolves to 127.0.0.1 is a loopback address',
    );
    expect(hook.requests).toEqual([]);
  });

  it('delivers to an allowlisted name and to a name inside an allowlisted range, signed', async () => {
    const hook = await receiver();
    const dns = switchableResolver({ 'hooks.internal': ['127.0.0.1'], 'ranged.internal': ['127.0.0.1'] });
    const target = await agent({
      resolveHost: dns.resolveHost,
      allowlist: ['hooks.internal', '127.0.0.0/8'],
    });
    const taskId = await waitingTask(target);
    for (const name of ['hooks.internal', 'ranged.internal']) {
      const url = `http://${name}:${hook.port}/${name}`;
      expect((await target.rpc('CreateTaskPushNotificationConfig', { taskId, url })).error).toBeUndefined();
    }
    await answer(target, taskId);
    await expect
      .poll(() => new Set(hook.requests.map((request) => request.path)))
      .toEqual(new Set(['/hooks.internal', '/ranged.internal']));
    expect(
      hook.requests.every((request) =>
        /^Bearer [\w-]+\.[\w-]+\.[\w-]+$/.test(request.headers.authorization ?? ''),
      ),
    ).toBe(true);
  });

  it('does not follow a redirect from an allowlisted webhook', async () => {
    const hook = await receiver();
    const target = await agent({ allowlist: ['127.0.0.1'], retries: 0 });
    const taskId = await waitingTask(target);
    const url = `http://127.0.0.1:${hook.port}/redirect`;
    expect((await target.rpc('CreateTaskPushNotificationConfig', { taskId, url })).error).toBeUndefined();
    await answer(target, taskId);
    await expect.poll(() => dropped(target).length).toBeGreaterThan(0);
    expect(dropped(target)[0]?.details?.reason).toContain('HTTP 302');
    expect(hook.requests.map((request) => request.path)).not.toContain('/elsewhere');
  });
});

describe('push webhooks with the default settings on Node (`pushNotifications()`)', () => {
  const own = hostname();
  const resolvesToLoopback = nodeResolveHost(own).then(
    (addresses) => addresses.length > 0 && addresses.every((a) => a.startsWith('127.') || a === '::1'),
    () => false,
  );

  it(`refuses this machine's own host name when it resolves to loopback, in every spelling`, async (context) => {
    if (!(await resolvesToLoopback)) {
      context.skip(
        `needs this machine's host name (${own}) to resolve to loopback, as /etc/hosts usually says`,
      );
    }
    const hook = await receiver();
    const target = await agent();
    const taskId = await waitingTask(target);
    for (const name of [own, `${own}.`, own.toUpperCase()]) {
      const url = `http://${name}:${hook.port}/hook`;
      const refused = await target.rpc('CreateTaskPushNotificationConfig', { taskId, url });
      expect(refused.error?.code, url).toBe(-32602);
      expect(refused.error?.message).toContain('is a loopback address');
    }
    await answer(target, taskId);
    expect(hook.requests).toEqual([]);
  });

  it('serves the JWKS its deliveries are signed with, publicly and cacheable', async () => {
    const target = await agent();
    const response = await fetch(`${target.running.url}/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const jwks = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });
});

describe('push configs whose values cannot be sent as headers', () => {
  it.each([
    [{ authentication: { scheme: 'Bearer\r\nX-Evil: 1', credentials: 'c' } }, 'authentication.scheme'],
    [{ authentication: { scheme: 'Bearer', credentials: 'c\r\nX-Evil: 1' } }, 'authentication.credentials'],
    [{ token: 'tok\nX-Evil: 1' }, 'token'],
  ])('refuses %j at registration, naming the field', async (extra, field) => {
    const hook = await receiver();
    const target = await agent({ allowlist: ['127.0.0.1'] });
    const taskId = await waitingTask(target);
    const url = `http://127.0.0.1:${hook.port}/hook`;
    const refused = await target.rpc('CreateTaskPushNotificationConfig', { taskId, url, ...extra });
    expect(refused.error?.code).toBe(-32602);
    expect(refused.error?.message).toContain(field);
  });
});
