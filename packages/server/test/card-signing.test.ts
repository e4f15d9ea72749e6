/** Signed cards from `cardSigning`: both the 1.0 card and the 0.3-compatible card verify as served. */
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireCardSignature, resolveAgentCard, verifyAgentCardSignatures } from '../../client/src/index.ts';
import { createA2AServer } from '../src/index.ts';
import { type RunningA2AServer, startA2AServer } from '../src/node.ts';

let running: RunningA2AServer;
let publicKey: Awaited<ReturnType<typeof generateKeyPair>>['publicKey'];
let otherKey: typeof publicKey;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  publicKey = pair.publicKey;
  otherKey = (await generateKeyPair('ES256')).publicKey;
  running = await startA2AServer(
    createA2AServer({
      card: { name: 'Signed', description: 'Serves signed cards', version: '1.0.0', skills: [] },
      executor: async () => 'ok',
      cardSigning: { privateKey: pair.privateKey, kid: 'card-key-1', alg: 'ES256' },
    }),
  );
});
afterAll(() => running.close());

describe('cardSigning', () => {
  it('serves a 1.0 card whose signature the client verifies with the public key', async () => {
    const resolved = await resolveAgentCard(running.url, {
      verify: requireCardSignature({ keys: { 'card-key-1': publicKey } }),
    });
    expect(resolved.card.signatures).toHaveLength(1);
  });

  it('signs the 0.3-compatible card as served, so it verifies too', async () => {
    const raw = await (await fetch(`${running.url}/.well-known/agent-card.json`)).json();
    expect(raw).toMatchObject({ protocolVersion: '0.3.0' });
    await expect(
      verifyAgentCardSignatures(raw, { keys: { 'card-key-1': publicKey } }),
    ).resolves.toMatchObject({
      index: 0,
    });
  });

  it('fails verification with another key', async () => {
    await expect(
      resolveAgentCard(running.url, { verify: requireCardSignature({ keys: { 'card-key-1': otherKey } }) }),
    ).rejects.toMatchObject({ code: 'SIGNATURE' });
  });
});
