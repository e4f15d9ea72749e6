/** `--api-key`, `--bearer` and `--header` reach an agent that asks for them, over real HTTP on 127.0.0.1. */
import { apiKey, createA2AServer, createAuthenticator } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBaton } from './run-baton.ts';

const KEY_CARD = {
  name: 'Locked',
  description: 'Needs an API key',
  version: '1.0.0',
  skills: [],
  securitySchemes: { key: { apiKeySecurityScheme: { location: 'header', name: 'X-API-Key' } } },
  securityRequirements: [{ schemes: { key: { list: [] } } }],
};

let keyed: RunningA2AServer;
let echoHeaders: RunningA2AServer;

beforeAll(async () => {
  keyed = await startA2AServer(
    createA2AServer({
      card: KEY_CARD,
      executor: async (ctx) => {
        await ctx.complete({ parts: [{ text: `hello ${ctx.user?.id ?? 'stranger'}` }] });
      },
      auth: createAuthenticator({
        card: KEY_CARD,
        schemes: { key: apiKey({ keys: { 'k-1': { id: 'ann' } } }) },
      }),
    }),
  );
  echoHeaders = await startA2AServer(
    createA2AServer({
      card: { name: 'Echo', description: 'Says who asked', version: '1.0.0', skills: [] },
      getUser: (c) => ({ id: c.req.header('X-Caller') ?? 'nobody' }),
      executor: async (ctx) => {
        await ctx.complete({ parts: [{ text: `caller ${ctx.user?.id}` }] });
      },
    }),
  );
});

afterAll(async () => {
  await keyed?.close();
  await echoHeaders?.close();
});

describe('baton credentials', () => {
  it('is refused without the API key (exit 3, one line) and let in with --api-key', async () => {
    const refused = await runBaton(['send', keyed.url, 'hi']);
    expect(refused.code).toBe(3);
    expect(refused.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    const allowed = await runBaton(['send', keyed.url, 'hi', '--api-key', 'k-1']);
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain('hello ann');
  });

  it('sends --header on every call', async () => {
    const result = await runBaton(['send', echoHeaders.url, 'hi', '-H', 'X-Caller: bea']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('caller bea');
    const bad = await runBaton(['send', echoHeaders.url, 'hi', '-H', 'no-colon']);
    expect(bad.code).toBe(2);
  });
});
