/**
 * An orchestrator with credentials (issue 31): the runs API, its event stream, the chains and agents lists and
 * its A2A agent refuse a caller without a valid key (401 with a challenge), take one with it, and the A2A card
 * declares the scheme. The process refuses to serve a non-loopback address open, in one line.
 */
import type { AddressInfo } from 'node:net';
import { runAppToExit, startAppProcess } from '@baton/chain/testing';
import { createA2AClient } from '@baton/client';
import { serve } from '@hono/node-server';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrchestrator } from '../src/create-orchestrator.ts';
import { createOrchestratorAuth } from '../src/http/orchestrator-auth.ts';

const KEY = 'test-key-0123456789abcdef';
let server: ReturnType<typeof serve>;
let base = '';

beforeAll(async () => {
  const app = createOrchestrator({
    agents: [],
    console: false,
    logger: { error: () => {}, warn: () => {} },
    auth: createOrchestratorAuth({ apiKeys: { [KEY]: { id: 'operator' } } }),
  });
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const withKey = (key = KEY) => ({ 'X-API-Key': key });

describe('an orchestrator with API keys', () => {
  it.each([
    ['GET', '/runs'],
    ['GET', '/chains'],
    ['GET', '/agents'],
    ['GET', '/.well-known/ai-catalog.json'],
    ['GET', '/runs/some-run/events'],
    ['POST', '/runs'],
    ['POST', '/runs/some-run/cancel'],
    ['GET', '/chains/default'],
    ['POST', '/chains'],
    ['DELETE', '/chains/default'],
  ])('refuses %s %s without a key: 401 with an ApiKey challenge, nothing done', async (method, path) => {
    const response = await fetch(`${base}${path}`, {
      method,
      ...(method === 'POST'
        ? { headers: { 'content-type': 'application/json' }, body: '{"topic":"tea"}' }
        : {}),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^ApiKey /);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a wrong key, and answers the right one', async () => {
    expect((await fetch(`${base}/chains`, { headers: withKey('wrong-key-0123456789') })).status).toBe(401);
    const listed = await fetch(`${base}/chains`, { headers: withKey() });
    expect(listed.status).toBe(200);
    const cancel = await fetch(`${base}/runs/no-such-run/cancel`, {
      method: 'POST',
      headers: { ...withKey(), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(cancel.status).toBe(404);
  });

  it('keeps the key out of URLs: a key in the query string is not read', async () => {
    expect((await fetch(`${base}/chains?X-API-Key=${KEY}&key=${KEY}`)).status).toBe(401);
  });

  it('declares the scheme on the A2A card, and its agent takes only callers with the key', async () => {
    const card = (await (
      await fetch(`${base}/.well-known/agent-card.json`, { headers: { 'A2A-Version': '1.0' } })
    ).json()) as { securitySchemes: Record<string, unknown>; securityRequirements: unknown[] };
    expect(card.securitySchemes).toEqual({
      apiKey: {
        apiKeySecurityScheme: { location: 'header', name: 'X-API-Key', description: expect.any(String) },
      },
    });
    const anonymous = await createA2AClient({ agent: base });
    await expect(anonymous.listTasks()).rejects.toThrow();
    const keyed = await createA2AClient({ agent: base, credentials: { apiKey: KEY } });
    expect((await keyed.listTasks()).tasks).toEqual([]);
  });
});

describe('an orchestrator with a JWT issuer', () => {
  it('takes a bearer JWT from the issuer, for the audience, and refuses one for another audience', async () => {
    const secret = new TextEncoder().encode('a-shared-secret-of-at-least-32-bytes!!');
    const app = createOrchestrator({
      agents: [],
      console: false,
      logger: { error: () => {}, warn: () => {} },
      auth: createOrchestratorAuth({
        jwt: {
          key: secret,
          issuer: 'https://issuer.example',
          audience: 'baton-orchestrator',
          algorithms: ['HS256'],
        },
      }),
    });
    const token = (audience: string) =>
      new SignJWT({ scope: 'runs' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('ci-bot')
        .setIssuer('https://issuer.example')
        .setAudience(audience)
        .setExpirationTime('5m')
        .sign(secret);
    const ok = await app.request('/chains', {
      headers: { authorization: `Bearer ${await token('baton-orchestrator')}` },
    });
    expect(ok.status).toBe(200);
    const wrong = await app.request('/chains', {
      headers: { authorization: `Bearer ${await token('someone-else')}` },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
    const card = (await (
      await app.request('/.well-known/agent-card.json', { headers: { 'A2A-Version': '1.0' } })
    ).json()) as {
      securitySchemes: Record<string, unknown>;
    };
    expect(Object.keys(card.securitySchemes)).toEqual(['bearer']);
  });
});

describe('the orchestrator process', () => {
  it('refuses to serve a non-loopback address with no credentials, in one line', async () => {
    const exit = await runAppToExit('orchestrator', { BATON_STORE: 'memory', HOST: '0.0.0.0', PORT: '0' });
    expect(exit.code).toBe(1);
    expect(exit.output.trim()).toBe(
      'orchestrator: HOST=0.0.0.0 is reachable from other machines and no credentials are configured: set BATON_API_KEYS (or BATON_JWT_*), or BATON_ALLOW_UNAUTHENTICATED=1 to serve it open',
    );
  });

  it('serves it with a key, and answers only callers that send it', async () => {
    const app = await startAppProcess('orchestrator', {
      BATON_STORE: 'memory',
      HOST: '0.0.0.0',
      BATON_API_KEYS: `ops:${KEY}`,
      AGENT_URLS: 'http://127.0.0.1:9',
    });
    try {
      const url = app.url.replace('0.0.0.0', '127.0.0.1');
      expect((await fetch(`${url}/runs`)).status).toBe(401);
      expect((await fetch(`${url}/runs`, { headers: withKey() })).status).toBe(200);
    } finally {
      await app.stop();
    }
  });
});
