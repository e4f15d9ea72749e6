import { AgentCardSchema } from '@baton/protocol';
import * as v03 from '@baton/protocol/v03';
import { describe, expect, it } from 'vitest';
import type { AgentCardInput, ServedSurface } from './agent-card-input.ts';
import { createAgentCardRoutes } from './agent-card-routes.ts';
import { deriveAgentCard } from './derive-agent-card.ts';

const input: AgentCardInput = {
  name: 'Summary agent',
  description: 'Summarizes documents',
  version: '0.9.0',
  skills: [{ id: 'summarize', name: 'Summarize', description: 'Summarizes a document', tags: ['text'] }],
};
const served: ServedSurface = {
  jsonRpcPath: '/rpc',
  restPath: '/rest',
  versions: ['1.0', '0.3'],
  streaming: true,
  pushNotifications: false,
  extendedAgentCard: false,
};
const lastModified = new Date('2026-11-01T10:00:00.250Z');

function routes(overrides: { baseUrl?: string; servesV03?: boolean; unversionedCard?: '0.3' | '1.0' } = {}) {
  return createAgentCardRoutes({
    cardFor: (baseUrl) => deriveAgentCard(input, served, baseUrl),
    servesV03: overrides.servesV03 ?? true,
    ...(overrides.unversionedCard ? { unversionedCard: overrides.unversionedCard } : {}),
    maxAgeSeconds: 300,
    lastModified,
    ...(overrides.baseUrl ? { baseUrl: overrides.baseUrl } : {}),
  });
}

describe('agent card routes', () => {
  it('serves the 1.0 card to clients that send A2A-Version: 1.0, with URLs on the request origin', async () => {
    const response = await routes().request('http://agent.local:8080/.well-known/agent-card.json', {
      headers: { 'A2A-Version': '1.0' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const card = AgentCardSchema.parse(await response.json());
    expect(card.supportedInterfaces[0]).toEqual({
      url: 'http://agent.local:8080/rpc',
      protocolBinding: 'JSONRPC',
      protocolVersion: '1.0',
    });
  });

  it('serves a 0.3-compatible card, with the 1.0 interfaces too, to clients that send no version', async () => {
    const response = await routes().request('http://h/.well-known/agent-card.json');
    const body = (await response.json()) as Record<string, unknown>;
    const legacy = v03.AgentCardSchema.parse(body);
    expect(legacy).toMatchObject({
      protocolVersion: '0.3.0',
      url: 'http://h/rpc',
      preferredTransport: 'JSONRPC',
    });
    expect(legacy.additionalInterfaces).toEqual([
      { url: 'http://h/rpc', transport: 'JSONRPC' },
      { url: 'http://h/rest', transport: 'HTTP+JSON' },
    ]);
    expect(body.supportedInterfaces).toHaveLength(4);
  });

  it('serves the same card at the older agent.json path', async () => {
    const app = routes();
    const [current, older] = await Promise.all(
      ['/.well-known/agent-card.json', '/.well-known/agent.json'].map((path) =>
        Promise.resolve(app.request(`http://h${path}`)).then((response) => response.text()),
      ),
    );
    expect(older).toBe(current);
  });

  it('uses the configured public URL and the mount path otherwise', async () => {
    const configured = await routes({ baseUrl: 'https://public.example/agents/s' }).request(
      'http://10.0.0.5/.well-known/agent-card.json',
      { headers: { 'A2A-Version': '1.0' } },
    );
    expect(AgentCardSchema.parse(await configured.json()).supportedInterfaces[0]?.url).toBe(
      'https://public.example/agents/s/rpc',
    );
  });

  it('sends caching headers and answers 304 to a matching If-None-Match or If-Modified-Since', async () => {
    const app = routes();
    const first = await app.request('http://h/.well-known/agent-card.json', {
      headers: { 'A2A-Version': '1.0' },
    });
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{24}"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    expect(first.headers.get('last-modified')).toBe('Sun, 01 Nov 2026 10:00:00 GMT');
    expect(first.headers.get('vary')).toBe('A2A-Version');

    const byEtag = await app.request('http://h/.well-known/agent-card.json', {
      headers: { 'A2A-Version': '1.0', 'If-None-Match': etag },
    });
    expect(byEtag.status).toBe(304);
    expect(await byEtag.text()).toBe('');
    const byDate = await app.request('http://h/.well-known/agent-card.json', {
      headers: { 'A2A-Version': '1.0', 'If-Modified-Since': 'Sun, 01 Nov 2026 10:00:00 GMT' },
    });
    expect(byDate.status).toBe(304);
    const otherVariant = await app.request('http://h/.well-known/agent-card.json', {
      headers: { 'If-None-Match': etag },
    });
    expect(otherVariant.status).toBe(200);
  });

  it('allows any origin to read it and answers the CORS preflight', async () => {
    const app = routes();
    const preflight = await app.request('http://h/.well-known/agent-card.json', {
      method: 'OPTIONS',
      headers: { Origin: 'https://ui.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');
    const get = await app.request('http://h/.well-known/agent-card.json', {
      headers: { Origin: 'https://ui.example' },
    });
    expect(get.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serves the 1.0 card to everyone when 0.3 is switched off', async () => {
    const response = await routes({ servesV03: false }).request('http://h/.well-known/agent-card.json');
    expect(AgentCardSchema.safeParse(await response.json()).success).toBe(true);
  });

  it('serves the strict 1.0 card without A2A-Version when told to, and 0.3 to clients that ask for it', async () => {
    const app = routes({ unversionedCard: '1.0' });
    const unversioned = (await (await app.request('http://h/.well-known/agent-card.json')).json()) as object;
    expect(AgentCardSchema.safeParse(unversioned).success).toBe(true);
    for (const onlyIn03 of ['url', 'protocolVersion', 'preferredTransport', 'additionalInterfaces']) {
      expect(unversioned).not.toHaveProperty(onlyIn03);
    }
    const asked = await app.request('http://h/.well-known/agent-card.json', {
      headers: { 'A2A-Version': '0.3' },
    });
    expect(await asked.json()).toMatchObject({ protocolVersion: '0.3.0', url: expect.any(String) });
  });
});
