import { generateAgentCardSignature, verifyAgentCardSignature } from '@a2a-js/sdk';
import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyAgentCardSignatures } from '../../../client/src/index.ts';
import { deriveAgentCard } from '../card/derive-agent-card.ts';
import { signCard } from './sign-agent-card.ts';

const served = {
  jsonRpcPath: '/a2a/jsonrpc',
  restPath: '/a2a/rest',
  versions: ['1.0', '0.3'] as const,
  streaming: true,
  pushNotifications: false,
  extendedAgentCard: false,
};
const card = deriveAgentCard(
  {
    name: 'Signed',
    description: 'Plans €uro trips',
    version: '1.0.0',
    skills: [{ id: 'plan', name: 'Plan', description: 'Plans', tags: ['travel'] }],
  },
  { ...served, versions: [...served.versions] },
  'https://agent.example',
);

describe('signCard', () => {
  it.each(['ES256', 'RS256'] as const)(
    'makes a %s signature @baton/client and @a2a-js/sdk verify',
    async (alg) => {
      const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
      const signed = await signCard(card, { privateKey, kid: 'card-1', alg });
      const jwk = { ...(await exportJWK(publicKey)), kid: 'card-1', alg };
      await expect(verifyAgentCardSignatures(JSON.stringify(signed), { keys: [jwk] })).resolves.toMatchObject(
        {
          protectedHeader: { alg, kid: 'card-1', typ: 'JOSE' },
        },
      );
      const sdkVerify = verifyAgentCardSignature(async () => publicKey);
      await expect(sdkVerify(signed as unknown as Parameters<typeof sdkVerify>[0])).resolves.toBeUndefined();
    },
  );

  it('verifies what the SDK signs with the same canonical form, and rejects tampering', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const sdkSign = generateAgentCardSignature(privateKey, { alg: 'ES256', kid: 'sdk', typ: 'JOSE' });
    const bySdk = await sdkSign(card as unknown as Parameters<typeof sdkSign>[0]);
    const ours = await signCard(card, { privateKey, kid: 'sdk', alg: 'ES256' });
    await expect(verifyAgentCardSignatures(bySdk, { keys: { sdk: publicKey } })).resolves.toBeDefined();
    await expect(
      verifyAgentCardSignatures({ ...ours, name: 'Evil' }, { keys: { sdk: publicKey } }),
    ).rejects.toThrow();
  });
});
