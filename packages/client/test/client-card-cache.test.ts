import { createA2AServer } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createA2AClient, createCardCache, requireCardSignature } from '../src/index.ts';

describe('createA2AClient and the agent card', () => {
  let running: RunningA2AServer;
  const requests: string[] = [];
  const recordingFetch: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    requests.push(`${request.method} ${new URL(request.url).pathname}`);
    return fetch(request);
  };

  beforeAll(async () => {
    running = await startA2AServer(
      createA2AServer({
        card: { name: 'Cached', description: 'Serves a cacheable card', version: '1.0.0', skills: [] },
        executor: async (ctx) => `echo: ${ctx.text}`,
      }),
    );
  });
  afterAll(() => running.close());

  it('does not fetch a card again within its max-age when clients share a card cache', async () => {
    const cardCache = createCardCache();
    const first = await createA2AClient({ agent: running.url, fetch: recordingFetch, cardCache });
    const second = await createA2AClient({ agent: running.url, fetch: recordingFetch, cardCache });
    expect(second.card).toEqual(first.card);
    expect(requests.filter((line) => line.includes('/.well-known/'))).toEqual([
      'GET /.well-known/agent-card.json',
    ]);
    expect(await second.sendMessage('hi')).toMatchObject({ message: { parts: [{ text: 'echo: hi' }] } });
  });

  it('refuses an unsigned card when asked to verify signatures', async () => {
    const { generateKeyPair } = await import('jose');
    const { publicKey } = await generateKeyPair('ES256');
    await expect(
      createA2AClient({ agent: running.url, verifyCard: requireCardSignature({ keys: { k1: publicKey } }) }),
    ).rejects.toMatchObject({ name: 'A2AClientError', code: 'SIGNATURE' });
  });
});
