/**
 * `baton --oauth-client`: tokens from the authorization server an agent's card names, by the client credentials
 * grant with a secret, or by the device code flow whose code the command shows on stderr while the user approves
 * in a browser. The authorization server is a real one (oidc-provider) on 127.0.0.1; `baton` runs as a process.
 */
import {
  createUserAgent,
  type RunningOAuthServer,
  startOAuthServer,
  USER_CLIENT_ID,
  USER_ID,
} from '@baton/oauth-test-server';
import { type AgentCardInput, createA2AServer, createAuthenticator, oauthAccessToken } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBaton, startBaton } from './run-baton.ts';

const RESOURCE = 'http://127.0.0.1';
const SECRET = 'a-client-secret-0123456789';
let authorization: RunningOAuthServer;
let agent: RunningA2AServer;

beforeAll(async () => {
  authorization = await startOAuthServer({
    resource: RESOURCE,
    scopes: ['a2a:send'],
    clients: [{ clientId: 'robot', clientSecret: SECRET }],
    users: true,
  });
  const card: AgentCardInput = {
    name: 'Locked',
    description: 'Needs an OAuth token',
    version: '1.0.0',
    skills: [],
    securitySchemes: {
      oauth: {
        oauth2SecurityScheme: {
          oauth2MetadataUrl: `${authorization.issuer}/.well-known/openid-configuration`,
          flows: {
            deviceCode: {
              deviceAuthorizationUrl: `${authorization.issuer}/device/auth`,
              tokenUrl: `${authorization.issuer}/token`,
              scopes: { 'a2a:send': 'Send messages' },
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
      executor: async (ctx) => {
        await ctx.complete(`hello ${ctx.user?.id} (${ctx.user?.scopes?.join(' ')})`);
      },
      auth: createAuthenticator({
        card,
        schemes: {
          oauth: oauthAccessToken({
            issuer: authorization.issuer,
            audience: RESOURCE,
            toUser: (payload) => ({
              id: String(payload.sub),
              scopes: String(payload.scope ?? '').split(' '),
            }),
          }),
        },
      }),
    }),
    { port: 0, hostname: '127.0.0.1' },
  );
});
afterAll(async () => {
  await agent?.close();
  await authorization?.close();
});

describe('baton --oauth-client', () => {
  it('gets a token by client credentials with a secret, asking for the scopes the card requires', async () => {
    const refused = await runBaton(['send', agent.url, 'hi']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/Authentication required/);
    const sent = await runBaton(['send', agent.url, 'hi', '--oauth-client', 'robot'], {
      env: { BATON_OAUTH_CLIENT_SECRET: SECRET },
    });
    expect(sent.stderr).toBe('');
    expect(sent.stdout).toContain('hello robot (a2a:send)');
    expect(sent.code).toBe(0);
  });

  it('says in one line what the authorization server refused (a wrong secret)', async () => {
    const refused = await runBaton([
      'send',
      agent.url,
      'hi',
      '--oauth-client',
      'robot',
      '--oauth-secret',
      'wrong',
    ]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toBe(
      'baton: The authorization server refused the token request: invalid_client\n',
    );
    expect(refused.stdout).toBe('');
  });

  it('signs a user in by the device code flow: the code on stderr, approved in a browser', async () => {
    const baton = startBaton(
      ['send', agent.url, 'hi', '--oauth-client', USER_CLIENT_ID],
      /To sign in, open (\S+) and enter the code/,
    );
    const verification = await baton.started;
    // The user's part, in their browser: the page with the code in it, then confirm.
    const browser = createUserAgent();
    const confirm = await browser.submit(await browser.open(verification));
    expect((await browser.submit(confirm)).status).toBe(200);
    const done = await baton.exited;
    expect(done.stdout).toContain(`hello ${USER_ID} (a2a:send)`);
    expect(done.code).toBe(0);
  }, 30_000);
});
