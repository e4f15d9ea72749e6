import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { createPushSigner } from './push-signer.ts';

const claims = {
  issuer: 'https://agent.example',
  jwksUrl: 'https://agent.example/.well-known/jwks.json',
  audience: 'https://hooks.example/a2a',
  taskId: 't-1',
  body: '{"task":{"id":"t-1"}}',
};

async function verifyWith(
  jwks: Awaited<ReturnType<ReturnType<typeof createPushSigner>['jwks']>>,
  token: string,
  currentDate = new Date(),
) {
  return jwtVerify(token, createLocalJWKSet(jwks), {
    issuer: claims.issuer,
    audience: claims.audience,
    currentDate,
  });
}

describe('createPushSigner', () => {
  it('signs with a generated ES256 key that its JWKS verifies, a new jti each time', async () => {
    const signer = createPushSigner();
    const first = await signer.sign(claims);
    const second = await signer.sign(claims);
    const jwks = await signer.jwks();
    const verified = await verifyWith(jwks, first);
    expect(verified.protectedHeader).toMatchObject({ alg: 'ES256', jku: claims.jwksUrl, typ: 'JWT' });
    expect(verified.payload).toMatchObject({ taskId: 't-1', aud: claims.audience });
    expect((await verifyWith(jwks, second)).payload.jti).not.toBe(verified.payload.jti);
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('hashes the exact body with SHA-256, in hex', async () => {
    const signer = createPushSigner();
    const { payload } = await verifyWith(await signer.jwks(), await signer.sign(claims));
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(claims.body));
    expect(payload.request_body_sha256).toBe(Buffer.from(digest).toString('hex'));
  });

  it('signs with a given Ed25519 JWK as EdDSA under its own kid', async () => {
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const signer = createPushSigner({ signingKey: { ...(await exportJWK(pair.privateKey)), kid: 'ed-1' } });
    const { protectedHeader } = await verifyWith(await signer.jwks(), await signer.sign(claims));
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', kid: 'ed-1' });
  });

  it('keeps a rotated key in the JWKS until tokens it signed have expired', async () => {
    let now = Date.parse('2026-11-25T10:00:00Z');
    const signer = createPushSigner({ tokenTtlSeconds: 300, now: () => now });
    const before = await signer.sign(claims);
    await signer.rotate();
    const after = await signer.sign(claims);
    const jwks = await signer.jwks();
    expect(jwks.keys).toHaveLength(2);
    await expect(verifyWith(jwks, before, new Date(now))).resolves.toBeDefined();
    await expect(verifyWith(jwks, after, new Date(now))).resolves.toBeDefined();
    now += 361_000;
    expect((await signer.jwks()).keys).toHaveLength(1);
  });

  it('refuses a shared secret and a public key as the signing key, saying why', async () => {
    const secret = createPushSigner({ signingKey: { kty: 'oct', k: 'c2VjcmV0' } });
    await expect(secret.sign(claims)).rejects.toThrow(/asymmetric private key.*HMAC/);
    const pair = await generateKeyPair('ES256', { extractable: true });
    const publicOnly = createPushSigner({ signingKey: await exportJWK(pair.publicKey) });
    await expect(publicOnly.sign(claims)).rejects.toThrow(/private key/);
  });
});
