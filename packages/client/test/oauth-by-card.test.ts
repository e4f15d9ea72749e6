/**
 * OAuth by the card: an agent (`@baton/server`) whose card declares an OAuth 2 scheme (metadata URL and client
 * credentials flow) and verifies access tokens against its authorization server (`oauthAccessToken`: metadata, then
 * JWKS); a client (`oauthClientCredentials`) that gets tokens from that server by itself, caches them, and renews one
 * the agent refuses; the token's scopes checked against a skill's security requirements. The authorization server is
 * a real one (oidc-provider) on 127.0.0.1.
 */

import { type RunningOAuthServer, startOAuthServer } from '@baton/oauth-test-server';
import { isA2AError } from '@baton/protocol';
import type { AgentCardInput } from '@baton/server';
import { createA2AServer, createAuthenticator, oauthAccessToken } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { type CryptoKey, type GenerateKeyPairResult, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createA2AClient, joinText, oauthClientCredentials, oauthJwtBearer } from '../src/index.ts';

const RESOURCE = 'http://agent.test';
const SECRET = 'a-client-secret-0123456789';
let authorization: RunningOAuthServer;
let agent: RunningA2AServer;
// Tokens issued before this second are refused by the agent (as a revoked key would make them): set by a test.
let refuseIssuedBefore = 0;

// The workload key whose signed assertions the authorization server exchanges for tokens (RFC 7523).
let workload: GenerateKeyPairResult;

beforeAll(async () => {
  workload = await generateKeyPair('ES256');
  authorization = await startOAuthServer({
    resource: RESOURCE,
    scopes: ['a2a:send', 'docs:publish'],
    clients: [{ clientId: 'writer', clientSecret: SECRET }],
    assertionKey: workload.publicKey,
  });
  const card: AgentCardInput = {
    name: 'Docs',
    description: 'Writes and publishes documents',
    version: '1.0.0',
    skills: [
      { id: 'notes', name: 'Notes', description: 'Takes notes', tags: ['docs'] },
      {
        id: 'publish',
        name: 'Publish',
        description: 'Publishes',
        tags: ['docs'],
        securityRequirements: [{ schemes: { oauth: { list: ['docs:publish'] } } }],
      },
    ],
    securitySchemes: {
      oauth: {
        oauth2SecurityScheme: {
          oauth2MetadataUrl: `${authorization.issuer}/.well-known/openid-configuration`,
          flows: {
            clientCredentials: {
              tokenUrl: `${authorization.issuer}/token`,
              scopes: { 'a2a:send': 'Send messages', 'docs:publish': 'Publish documents' },
            },
          },
        },
      },
    },
    securityRequirements: [{ schemes: { oauth: { list: ['a2a:send'] } } }],
  };
  agent = await startA2AServer(
    createA2AServer({
      card,
      executor: async (ctx) => `${ctx.skillId ?? 'notes'} for ${ctx.user?.id}: ${ctx.text}`,
      auth: createAuthenticator({
        card,
        schemes: {
          oauth: oauthAccessToken({
            issuer: authorization.issuer,
            audience: RESOURCE,
            toUser: (payload) => {
              if ((payload.iat ?? 0) < refuseIssuedBefore) throw new Error('issued before the cut-off');
              return {
                id: String(payload.client_id ?? payload.sub),
                scopes: String(payload.scope ?? '').split(' '),
              };
            },
          }),
        },
      }),
      logger: { error: () => {}, warn: () => {} },
    }),
    { port: 0, hostname: '127.0.0.1' },
  );
});
afterAll(async () => {
  await agent?.close();
  await authorization?.close();
});

const reply = async (response: Promise<unknown>) => {
  const answered = (await response) as { message?: { parts: [] } };
  return answered.message ? joinText(answered.message.parts) : '';
};

describe('OAuth by the card', () => {
  it('is refused without a token, and gets its own token from the card and the authorization server', async () => {
    const anonymous = await createA2AClient({ agent: agent.url });
    const refused = await anonymous.sendMessage('hi').catch((error: unknown) => error);
    expect(isA2AError(refused) && refused.reason).toBe('UNAUTHENTICATED');

    const before = authorization.tokenRequests();
    const client = await createA2AClient({
      agent: agent.url,
      credentials: {
        oauth: oauthClientCredentials({ clientId: 'writer', clientSecret: SECRET, scopes: ['a2a:send'] }),
      },
    });
    expect(await reply(client.sendMessage('first'))).toBe('notes for writer: first');
    expect(await reply(client.sendMessage('second'))).toBe('notes for writer: second');
    // One token for both calls: cached until shortly before it expires.
    expect(authorization.tokenRequests() - before).toBe(1);
  });

  it("checks the token's scopes against a skill's security requirements", async () => {
    const narrow = await createA2AClient({
      agent: agent.url,
      credentials: {
        oauth: oauthClientCredentials({ clientId: 'writer', clientSecret: SECRET, scopes: ['a2a:send'] }),
      },
    });
    const refused = await narrow
      .sendMessage('the doc', { skillId: 'publish' })
      .catch((error: unknown) => error);
    expect(isA2AError(refused) && refused.reason).toBe('PERMISSION_DENIED');
    const wide = await createA2AClient({
      agent: agent.url,
      credentials: {
        oauth: oauthClientCredentials({
          clientId: 'writer',
          clientSecret: SECRET,
          scopes: ['a2a:send', 'docs:publish'],
        }),
      },
    });
    expect(await reply(wide.sendMessage('the doc', { skillId: 'publish' }))).toBe(
      'publish for writer: the doc',
    );
  });

  it('renews a token the agent refuses and sends the call once more', async () => {
    const client = await createA2AClient({
      agent: agent.url,
      credentials: {
        oauth: oauthClientCredentials({ clientId: 'writer', clientSecret: SECRET, scopes: ['a2a:send'] }),
      },
    });
    expect(await reply(client.sendMessage('before'))).toBe('notes for writer: before');
    const before = authorization.tokenRequests();
    // The agent stops taking tokens issued before the next second; wait for it to begin (no clock is mocked).
    refuseIssuedBefore = Math.floor(Date.now() / 1000) + 1;
    while (Date.now() / 1000 < refuseIssuedBefore) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await reply(client.sendMessage('after'))).toBe('notes for writer: after');
    expect(authorization.tokenRequests() - before).toBe(1);
  });

  it('exchanges a JWT the app signs for a token (RFC 7523), and says so when the assertion does not verify', async () => {
    const assertion = (key: CryptoKey) => () =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'ES256' })
        .setIssuer('writer')
        .setSubject('writer')
        .setAudience(authorization.issuer)
        .setIssuedAt()
        .setExpirationTime('2m')
        .sign(key);
    const client = await createA2AClient({
      agent: agent.url,
      credentials: {
        oauth: oauthJwtBearer({
          clientId: 'writer',
          clientSecret: SECRET,
          scopes: ['a2a:send'],
          assertion: assertion(workload.privateKey),
        }),
      },
    });
    expect(await reply(client.sendMessage('signed'))).toBe('notes for writer: signed');
    const stranger = await generateKeyPair('ES256');
    const forged = await createA2AClient({
      agent: agent.url,
      credentials: {
        oauth: oauthJwtBearer({
          clientId: 'writer',
          clientSecret: SECRET,
          assertion: assertion(stranger.privateKey),
        }),
      },
    });
    const error = await forged.sendMessage('forged').catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(/refused the token request: invalid_grant/);
  });

  it('says what the authorization server refused', async () => {
    const client = await createA2AClient({
      agent: agent.url,
      credentials: {
        oauth: oauthClientCredentials({ clientId: 'writer', clientSecret: 'not-the-secret-000000' }),
      },
    });
    const error = await client.sendMessage('hi').catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(
      /The authorization server refused the token request: invalid_client/,
    );
  });
});

describe('one OAuth credential for two agents', () => {
  it('keeps the tokens of each authorization server apart (neither agent is sent the other one’s token)', async () => {
    const other = await startOAuthServer({
      resource: 'http://other.test',
      scopes: ['a2a:send'],
      clients: [{ clientId: 'writer', clientSecret: SECRET }],
    });
    const otherCard: AgentCardInput = {
      name: 'Other',
      description: 'Trusts another authorization server',
      version: '1.0.0',
      skills: [],
      securitySchemes: {
        oauth: {
          oauth2SecurityScheme: {
            oauth2MetadataUrl: `${other.issuer}/.well-known/openid-configuration`,
            flows: { clientCredentials: { tokenUrl: `${other.issuer}/token`, scopes: {} } },
          },
        },
      },
      securityRequirements: [{ schemes: { oauth: { list: ['a2a:send'] } } }],
    };
    let refusals = 0;
    const otherAgent = await startA2AServer(
      createA2AServer({
        card: otherCard,
        executor: async (ctx) => `other for ${ctx.user?.id}`,
        auth: createAuthenticator({
          card: otherCard,
          schemes: {
            oauth: oauthAccessToken({
              issuer: other.issuer,
              audience: 'http://other.test',
              toUser: (payload) => ({
                id: String(payload.client_id),
                scopes: String(payload.scope).split(' '),
              }),
            }),
          },
        }),
        logger: { error: () => {}, warn: () => {} },
      }),
      { port: 0, hostname: '127.0.0.1' },
    );
    try {
      const credential = oauthClientCredentials({
        clientId: 'writer',
        clientSecret: SECRET,
        scopes: ['a2a:send'],
      });
      const first = await createA2AClient({ agent: agent.url, credentials: { oauth: credential } });
      const second = await createA2AClient({
        agent: otherAgent.url,
        credentials: { oauth: credential },
        // A token of the first server sent here would be refused (401), then renewed: counted.
        interceptors: [
          {
            after: (response) => {
              if (response.status === 401) refusals += 1;
              return undefined;
            },
          },
        ],
      });
      const before = authorization.tokenRequests();
      for (const round of [1, 2]) {
        expect(await reply(first.sendMessage(`round ${round}`))).toBe(`notes for writer: round ${round}`);
        expect(await reply(second.sendMessage(`round ${round}`))).toBe('other for writer');
      }
      expect(authorization.tokenRequests() - before).toBe(1);
      expect(other.tokenRequests()).toBe(1);
      expect(refusals).toBe(0);
    } finally {
      await otherAgent.close();
      await other.close();
    }
  });
});
