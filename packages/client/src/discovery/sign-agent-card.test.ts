import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateAgentCardSignature, verifyAgentCardSignature } from '@a2a-js/sdk';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { resolveAgentCard } from './resolve-agent-card.ts';
import { signAgentCard } from './sign-agent-card.ts';
import { requireCardSignature, verifyAgentCardSignatures } from './verify-agent-card-signatures.ts';

const card = {
  name: 'Signed Agent',
  description: 'Signs its card',
  version: '1.0.0',
  supportedInterfaces: [
    { url: 'https://agent.example/rpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
  ],
  capabilities: { streaming: true, pushNotifications: false },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 'plan', name: 'Plan', description: 'Plans €uro trips', tags: ['travel'] }],
};

async function keyPair(alg: 'ES256' | 'RS256', kid: string) {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg };
  return { privateKey, publicKey, jwk };
}

describe('signAgentCard + verifyAgentCardSignatures', () => {
  it.each(['ES256', 'RS256'] as const)('round-trips a %s signature through JSON text', async (alg) => {
    const { privateKey, jwk } = await keyPair(alg, `key-${alg}`);
    const signed = await signAgentCard(card, { privateKey, kid: `key-${alg}`, alg });
    const [signature] = signed.signatures;
    const header = JSON.parse(Buffer.from(signature?.protected ?? '', 'base64url').toString()) as unknown;
    expect(header).toEqual({ alg, typ: 'JOSE', kid: `key-${alg}` });
    const verified = await verifyAgentCardSignatures(JSON.stringify(signed), { keys: [jwk] });
    expect(verified.protectedHeader.kid).toBe(`key-${alg}`);
  });

  it('verifies while resolving a card when verify is given', async () => {
    const { privateKey, jwk } = await keyPair('ES256', 'k1');
    const signed = await signAgentCard(card, { privateKey, kid: 'k1', alg: 'ES256' });
    const resolved = await resolveAgentCard(signed, { verify: requireCardSignature({ keys: [jwk] }) });
    expect(resolved.card.signatures).toHaveLength(1);
  });

  it('rejects a tampered card with SIGNATURE', async () => {
    const { privateKey, jwk } = await keyPair('ES256', 'k1');
    const signed = await signAgentCard(card, { privateKey, kid: 'k1', alg: 'ES256' });
    const tampered = {
      ...signed,
      supportedInterfaces: [{ ...card.supportedInterfaces[0], url: 'https://evil.example/rpc' }],
    };
    await expect(
      resolveAgentCard(tampered, { verify: requireCardSignature({ keys: [jwk] }) }),
    ).rejects.toMatchObject({
      code: 'SIGNATURE',
      message: expect.stringMatching(/signature verification failed/),
    });
  });

  it('covers field presence: adding an empty optional field breaks the signature', async () => {
    const { privateKey, jwk } = await keyPair('ES256', 'k1');
    const signed = await signAgentCard(card, { privateKey, kid: 'k1', alg: 'ES256' });
    await expect(
      verifyAgentCardSignatures({ ...signed, iconUrl: '' }, { keys: [jwk] }),
    ).rejects.toMatchObject({
      code: 'SIGNATURE',
    });
  });

  it('rejects a signature whose kid has no trusted key', async () => {
    const { privateKey } = await keyPair('ES256', 'k1');
    const other = await keyPair('ES256', 'k2');
    const signed = await signAgentCard(card, { privateKey, kid: 'k1', alg: 'ES256' });
    await expect(verifyAgentCardSignatures(signed, { keys: [other.jwk] })).rejects.toMatchObject({
      code: 'SIGNATURE',
      message: expect.stringMatching(/no trusted key for kid "k1"/),
    });
  });

  it('rejects a key registered under the right kid but belonging to someone else', async () => {
    const { privateKey } = await keyPair('ES256', 'k1');
    const impostor = await keyPair('ES256', 'k1');
    const signed = await signAgentCard(card, { privateKey, kid: 'k1', alg: 'ES256' });
    await expect(
      verifyAgentCardSignatures(signed, { keys: { k1: impostor.publicKey } }),
    ).rejects.toMatchObject({
      code: 'SIGNATURE',
    });
  });

  it('accepts the card when one of several signatures verifies (key rotation)', async () => {
    const retired = await keyPair('RS256', 'old');
    const current = await keyPair('ES256', 'new');
    const once = await signAgentCard(card, { privateKey: retired.privateKey, kid: 'old', alg: 'RS256' });
    const twice = await signAgentCard(once, { privateKey: current.privateKey, kid: 'new', alg: 'ES256' });
    const verified = await verifyAgentCardSignatures(twice, { getKey: () => current.publicKey });
    expect(verified.index).toBe(1);
  });

  it('rejects an unsigned card', async () => {
    await expect(verifyAgentCardSignatures(card, { keys: [] })).rejects.toMatchObject({ code: 'SIGNATURE' });
  });

  it('fetches the key from the jku only when the caller allows that URL', async () => {
    const { privateKey, jwk } = await keyPair('ES256', 'k1');
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const jku = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
    try {
      const signed = await signAgentCard(card, { privateKey, kid: 'k1', alg: 'ES256', jku });
      await expect(verifyAgentCardSignatures(signed, {})).rejects.toMatchObject({ code: 'SIGNATURE' });
      await expect(
        verifyAgentCardSignatures(signed, { allowJku: ['https://elsewhere.example/jwks.json'] }),
      ).rejects.toMatchObject({
        code: 'SIGNATURE',
      });
      expect((await verifyAgentCardSignatures(signed, { allowJku: [jku] })).protectedHeader.jku).toBe(jku);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('interop with @a2a-js/sdk card signatures', () => {
  it('verifies a signature made by the SDK', async () => {
    const { privateKey, jwk } = await keyPair('ES256', 'sdk-key');
    const signer = generateAgentCardSignature(privateKey, { alg: 'ES256', kid: 'sdk-key', typ: 'JOSE' });
    const signed = await signer(card as unknown as Parameters<typeof signer>[0]);
    await expect(verifyAgentCardSignatures(signed, { keys: [jwk] })).resolves.toMatchObject({
      protectedHeader: { kid: 'sdk-key' },
    });
  });

  it('produces a signature the SDK verifies', async () => {
    const { privateKey, publicKey } = await keyPair('RS256', 'ours');
    const signed = await signAgentCard(card, { privateKey, kid: 'ours', alg: 'RS256' });
    const verifier = verifyAgentCardSignature(async () => publicKey);
    await expect(verifier(signed as unknown as Parameters<typeof verifier>[0])).resolves.toBeUndefined();
  });
});
