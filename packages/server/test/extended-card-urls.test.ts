/**
 * The authenticated extended card advertises the same interfaces as the public card: built from the origin and
 * mount path the request reached, on every binding and version (issue 31: it said http://localhost, port 80).
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createA2AServer } from '../src/index.ts';

const CARD = { name: 'Mounted', description: 'Mounted under a path', version: '1.0.0', skills: [] };
let app: ReturnType<typeof serve>;
let base = '';

beforeAll(async () => {
  const server = createA2AServer({
    card: CARD,
    executor: () => 'ok',
    extendedCard: { description: 'For callers who asked' },
  });
  const outer = new Hono();
  outer.route('/agents/mounted', server);
  app = serve({ fetch: outer.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => app.once('listening', resolve));
  base = `http://127.0.0.1:${(app.address() as AddressInfo).port}/agents/mounted`;
});

afterAll(async () => {
  await new Promise((resolve) => app.close(resolve));
});

type Interfaces = { url: string; protocolBinding: string; protocolVersion: string }[];

async function publicInterfaces(): Promise<Interfaces> {
  const response = await fetch(`${base}/.well-known/agent-card.json`, { headers: { 'A2A-Version': '1.0' } });
  return ((await response.json()) as { supportedInterfaces: Interfaces }).supportedInterfaces;
}

async function rpc(method: string, version: '1.0' | '0.3'): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}/a2a/jsonrpc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'A2A-Version': version },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: {} }),
  });
  return ((await response.json()) as { result: Record<string, unknown> }).result;
}

async function rest(path: string, version: '1.0' | '0.3'): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}/a2a/rest${path}`, { headers: { 'A2A-Version': version } });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe('the extended card', () => {
  it('lists the interfaces of the public card, at the port and mount path the request reached', async () => {
    const expected = await publicInterfaces();
    expect(expected.map((entry) => entry.url)).toContain(`${base}/a2a/jsonrpc`);
    expect((await rpc('GetExtendedAgentCard', '1.0')).supportedInterfaces).toEqual(expected);
    expect((await rest('/extendedAgentCard', '1.0')).supportedInterfaces).toEqual(expected);
  });

  it('says the same to 0.3 callers: url and additionalInterfaces at the address they used', async () => {
    for (const card of [
      await rpc('agent/getAuthenticatedExtendedCard', '0.3'),
      await rest('/v1/card', '0.3'),
    ]) {
      expect(card.url).toBe(`${base}/a2a/jsonrpc`);
      const urls = (card.additionalInterfaces as { url: string }[]).map((entry) => entry.url);
      expect(urls).toEqual(expect.arrayContaining([`${base}/a2a/jsonrpc`, `${base}/a2a/rest`]));
      expect(JSON.stringify(card)).not.toContain('http://localhost');
    }
  });
});
