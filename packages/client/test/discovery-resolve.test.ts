import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createA2AServer } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardCache, resolveAgentCard, selectInterface } from '../src/discovery/index.ts';
import { A2AClientError } from '../src/errors/client-error.ts';

interface Recorded {
  readonly url: string;
  readonly headers: Headers;
  readonly status: number;
}

/** A real fetch that records every request and its status. */
function recordingFetch() {
  const requests: Recorded[] = [];
  const fetchFn = async (input: string | URL | Request, init?: RequestInit) => {
    const response = await fetch(input, init);
    requests.push({ url: String(input), headers: new Headers(init?.headers), status: response.status });
    return response;
  };
  return { fetchFn, requests };
}

const running: RunningA2AServer[] = [];
const plainServers: Server[] = [];

async function startAgent(options: { cardMaxAgeSeconds?: number; tenant?: string } = {}) {
  const server = createA2AServer({
    card: {
      name: 'Discovery Test Agent',
      description: 'answers card requests',
      version: '2.1.0',
      skills: [],
    },
    executor: async () => 'ok',
    logger: { error: () => {}, warn: () => {} },
    ...options,
  });
  const agent = await startA2AServer(server);
  running.push(agent);
  return agent;
}

/** A plain HTTP server for answers @baton/server never gives (404 on agent-card.json, no-store, 500). */
async function startPlain(
  handle: (
    path: string,
    reply: (status: number, body?: string, headers?: Record<string, string>) => void,
  ) => void,
) {
  const server = createServer((request, response) => {
    handle(request.url ?? '/', (status, body, headers) => {
      response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      response.end(body);
    });
  });
  plainServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const pureCard = {
  name: 'Plain',
  description: 'served by hand',
  version: '1',
  supportedInterfaces: [
    { url: 'http://127.0.0.1:1/rpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
  ],
  capabilities: {},
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [],
};

afterAll(async () => {
  await Promise.all(running.map((agent) => agent.close()));
  await Promise.all(
    plainServers.map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

describe('resolveAgentCard over HTTP against @baton/server', () => {
  let agent: RunningA2AServer;
  beforeAll(async () => {
    agent = await startAgent();
  });

  it('reads the 1.0 card from /.well-known/agent-card.json, sending A2A-Version: 1.0', async () => {
    const { fetchFn, requests } = recordingFetch();
    const resolved = await resolveAgentCard(agent.url, { fetch: fetchFn });
    expect(resolved.shape).toBe('1.0');
    expect(resolved.url).toBe(`${agent.url}/.well-known/agent-card.json`);
    expect(requests[0]?.headers.get('A2A-Version')).toBe('1.0');
    expect(resolved.card.name).toBe('Discovery Test Agent');
    expect(resolved.card.supportedInterfaces.map((entry) => entry.protocolVersion)).toContain('1.0');
    expect(selectInterface(resolved.card).url.startsWith(agent.url)).toBe(true);
  });

  it('reads the hybrid card a dual-version server sends without A2A-Version, keeping its 1.0 interfaces', async () => {
    // The header is forced empty so the server picks its 0.3-compatible (hybrid) variant.
    const { fetchFn } = recordingFetch();
    const withoutVersion = (input: string | URL | Request, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      headers.delete('A2A-Version');
      return fetchFn(input, { ...init, headers });
    };
    const resolved = await resolveAgentCard(`${agent.url}/.well-known/agent.json`, { fetch: withoutVersion });
    const v1 = await resolveAgentCard(agent.url);
    expect(resolved.shape).toBe('hybrid');
    expect(resolved.raw).toHaveProperty('protocolVersion');
    expect(resolved.card.supportedInterfaces).toEqual(v1.card.supportedInterfaces);
    expect(resolved.card.capabilities.streaming).toBe(v1.card.capabilities.streaming);
    expect(resolved.card.name).toBe(v1.card.name);
  });

  it('revalidates with If-None-Match and reuses the cached card on 304', async () => {
    const short = await startAgent({ cardMaxAgeSeconds: 0 });
    const cache = createCardCache();
    const { fetchFn, requests } = recordingFetch();
    const first = await resolveAgentCard(short.url, { fetch: fetchFn, cache });
    const second = await resolveAgentCard(short.url, { fetch: fetchFn, cache });
    expect(requests.map((request) => request.status)).toEqual([200, 304]);
    expect(requests[1]?.headers.get('If-None-Match')).toMatch(/^".+"$/);
    expect(second.card).toEqual(first.card);
  });

  it('makes no request at all while the card is within max-age, and revalidates after', async () => {
    let now = 1_000_000;
    const cache = createCardCache({ now: () => now });
    const { fetchFn, requests } = recordingFetch();
    await resolveAgentCard(agent.url, { fetch: fetchFn, cache }); // default max-age=300
    now += 299_000;
    const cached = await resolveAgentCard(agent.url, { fetch: fetchFn, cache });
    expect(requests).toHaveLength(1);
    expect(cached.card.name).toBe('Discovery Test Agent');
    now += 2_000;
    await resolveAgentCard(agent.url, { fetch: fetchFn, cache });
    expect(requests.map((request) => request.status)).toEqual([200, 304]);
  });

  it('echoes the tenant of the selected interface exactly', async () => {
    const tenanted = await startAgent({ tenant: 'acme' });
    const { card } = await resolveAgentCard(tenanted.url);
    expect(selectInterface(card, { bindings: ['HTTP+JSON'] }).tenant).toBe('acme');
  });
});

describe('resolveAgentCard over plain HTTP', () => {
  it('falls back to /.well-known/agent.json when agent-card.json is 404', async () => {
    const base = await startPlain((path, reply) =>
      path === '/.well-known/agent.json' ? reply(200, JSON.stringify(pureCard)) : reply(404, '{}'),
    );
    const resolved = await resolveAgentCard(base);
    expect(resolved.url).toBe(`${base}/.well-known/agent.json`);
    expect(resolved.card.name).toBe('Plain');
  });

  it('keeps the base path when building the well-known URL', async () => {
    const seen: string[] = [];
    const base = await startPlain((path, reply) => {
      seen.push(path);
      reply(200, JSON.stringify(pureCard));
    });
    await resolveAgentCard(`${base}/agents/plain/`);
    expect(seen).toEqual(['/agents/plain/.well-known/agent-card.json']);
  });

  it('stores nothing for Cache-Control: no-store, so the next call fetches again unconditionally', async () => {
    const base = await startPlain((_path, reply) =>
      reply(200, JSON.stringify(pureCard), { 'Cache-Control': 'no-store', ETag: '"v1"' }),
    );
    const cache = createCardCache();
    const { fetchFn, requests } = recordingFetch();
    await resolveAgentCard(base, { fetch: fetchFn, cache });
    await resolveAgentCard(base, { fetch: fetchFn, cache });
    expect(requests.map((request) => request.status)).toEqual([200, 200]);
    expect(requests[1]?.headers.has('If-None-Match')).toBe(false);
  });

  it('revalidates a no-cache card every time, with If-Modified-Since when there is no ETag', async () => {
    const lastModified = 'Wed, 01 Jan 2025 00:00:00 GMT';
    const base = await startPlain((_path, reply) =>
      reply(200, JSON.stringify(pureCard), {
        'Cache-Control': 'no-cache, max-age=600',
        'Last-Modified': lastModified,
      }),
    );
    const cache = createCardCache();
    const { fetchFn, requests } = recordingFetch();
    await resolveAgentCard(base, { fetch: fetchFn, cache });
    await resolveAgentCard(base, { fetch: fetchFn, cache });
    expect(requests).toHaveLength(2);
    expect(requests[1]?.headers.get('If-Modified-Since')).toBe(lastModified);
  });

  it('reports another non-2xx status as PROTOCOL with the status', async () => {
    const base = await startPlain((_path, reply) => reply(503, '{}'));
    await expect(resolveAgentCard(base)).rejects.toMatchObject({
      code: 'PROTOCOL',
      message: expect.stringMatching(/HTTP 503/),
    });
  });

  it('reports a body that is not JSON as PROTOCOL', async () => {
    const base = await startPlain((_path, reply) => reply(200, '<html>'));
    await expect(resolveAgentCard(`${base}/card.json`)).rejects.toMatchObject({ code: 'PROTOCOL' });
  });

  it('reports an unreachable server as NETWORK', async () => {
    const base = await startPlain((_path, reply) => reply(200, '{}'));
    const server = plainServers.pop();
    await new Promise((resolve) => server?.close(resolve));
    const error = await resolveAgentCard(base).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(A2AClientError);
    expect(error).toMatchObject({ code: 'NETWORK' });
  });
});
