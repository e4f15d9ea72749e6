/**
 * OAuth for a user, by the card: the authorization code grant with PKCE and the device code grant (RFC 8628), with
 * the user's part (a browser, a code typed on another device) done by the app's callback; refresh tokens; and the
 * step-up an agent asks for with AUTH_REQUIRED (`ctx.requireScopes`), which the client answers by itself. The
 * authorization server is a real one (oidc-provider) on 127.0.0.1; the agent is `@baton/server`, verifying tokens
 * against that server's metadata and JWKS.
 */

import {
  createUserAgent,
  type RunningOAuthServer,
  startOAuthServer,
  USER_CLIENT_ID,
  USER_ID,
  USER_REDIRECT_URI,
} from '@baton/oauth-test-server';
import { type InTaskOAuthRequest, inTaskOAuthRequestOf, type Task } from '@baton/protocol';
import type { AgentCardInput } from '@baton/server';
import { createA2AServer, createAuthenticator, oauthAccessToken } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthorizationPrompt,
  createA2AClient,
  type DeviceCodePrompt,
  joinText,
  type OAuthCredential,
  oauthAuthorizationCode,
  oauthClientCredentials,
  oauthDeviceCode,
} from '../src/index.ts';

const RESOURCE = 'http://agent.test';
const SECRET = 'a-client-secret-0123456789';
let authorization: RunningOAuthServer;
let agent: RunningA2AServer;

beforeAll(async () => {
  authorization = await startOAuthServer({
    resource: RESOURCE,
    scopes: ['a2a:send', 'docs:publish'],
    clients: [{ clientId: 'writer', clientSecret: SECRET }],
    users: true,
  });
  const card: AgentCardInput = {
    name: 'Docs',
    description: 'Writes and publishes documents',
    version: '1.0.0',
    skills: [{ id: 'docs', name: 'Docs', description: 'Notes, and publishing', tags: ['docs'] }],
    securitySchemes: {
      oauth: {
        oauth2SecurityScheme: {
          oauth2MetadataUrl: `${authorization.issuer}/.well-known/openid-configuration`,
          flows: {
            authorizationCode: {
              authorizationUrl: `${authorization.issuer}/auth`,
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
      // Notes for anyone with a2a:send; publishing needs docs:publish too, asked for in the task (a step-up).
      executor: async (ctx): Promise<string | undefined> => {
        if (ctx.text === 'administer') {
          // A scope no client of the authorization server may have.
          await ctx.requireScopes(['admin'], { securityScheme: 'oauth' });
          return 'administered';
        }
        if (!ctx.text.startsWith('publish')) return `notes for ${ctx.user?.id}: ${ctx.text}`;
        await ctx.working('Checking your permissions');
        const user = await ctx.requireScopes(['docs:publish'], {
          securityScheme: 'oauth',
          text: 'Publishing needs the docs:publish scope',
        });
        await ctx.complete(`published by ${user.id}`);
        return undefined;
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
      logger: { error: () => {}, warn: () => {} },
    }),
    { port: 0, hostname: '127.0.0.1' },
  );
});
afterAll(async () => {
  await agent?.close();
  await authorization?.close();
});

const replyText = (response: unknown) => {
  const answered = response as { message?: { parts: [] }; task?: Task };
  if (answered.message) return joinText(answered.message.parts);
  return joinText(answered.task?.status.message?.parts ?? []);
};

/** An authorization code credential whose user signs in through {@link createUserAgent}; it records each prompt. */
function signingIn(
  scopes: readonly string[],
  extra: { renewBeforeSeconds?: number; fetch?: typeof fetch } = {},
) {
  const prompts: AuthorizationPrompt[] = [];
  const credential = oauthAuthorizationCode({
    clientId: USER_CLIENT_ID,
    redirectUri: USER_REDIRECT_URI,
    scopes,
    resource: RESOURCE,
    ...extra,
    authorize: async (prompt) => {
      prompts.push(prompt);
      const visited = await createUserAgent().open(prompt.url.href, USER_REDIRECT_URI);
      if (!visited.redirectedTo)
        throw new Error(
          `sign-in ended on ${visited.url}: ${visited.html.replace(/<style>[\s\S]*<\/style>/, '').slice(0, 1500)}`,
        );
      return visited.redirectedTo;
    },
  });
  return { credential, prompts };
}

const clientWith = (credential: OAuthCredential, options: { reauthorize?: boolean } = {}) =>
  createA2AClient({ agent: agent.url, credentials: { oauth: credential }, ...options });

describe('authorization code with PKCE', () => {
  it("signs the user in once through the app's callback, then calls as that user", async () => {
    const { credential, prompts } = signingIn(['a2a:send']);
    const client = await clientWith(credential);
    expect(replyText(await client.sendMessage('first'))).toBe(`notes for ${USER_ID}: first`);
    expect(replyText(await client.sendMessage('second'))).toBe(`notes for ${USER_ID}: second`);
    expect(prompts).toHaveLength(1);
    const asked = prompts[0]?.url;
    expect(asked?.origin).toBe(authorization.issuer);
    expect(asked?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked?.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(asked?.searchParams.get('state')).toBeTruthy();
    expect(asked?.searchParams.get('scope')).toBe('a2a:send');
  });

  it('renews the access token with the refresh token, without the user', async () => {
    // Renewing long before expiry makes every call renew.
    const { credential, prompts } = signingIn(['a2a:send'], { renewBeforeSeconds: 100_000 });
    const client = await clientWith(credential);
    const before = authorization.tokenRequests();
    for (const text of ['one', 'two', 'three']) {
      expect(replyText(await client.sendMessage(text))).toBe(`notes for ${USER_ID}: ${text}`);
    }
    expect(prompts).toHaveLength(1);
    // The code exchange, then two refreshes.
    expect(authorization.tokenRequests() - before).toBe(3);
  });

  it('asks the user again when the refresh token is refused', async () => {
    let refreshToken: string | undefined;
    // The app's fetch sees the token answers: the test keeps the refresh token, to revoke it.
    const watching: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (String(input).endsWith('/token') && response.ok) {
        const body = (await response.clone().json()) as { refresh_token?: string };
        refreshToken = body.refresh_token ?? refreshToken;
      }
      return response;
    };
    const { credential, prompts } = signingIn(['a2a:send'], { renewBeforeSeconds: 100_000, fetch: watching });
    const client = await clientWith(credential);
    expect(replyText(await client.sendMessage('one'))).toBe(`notes for ${USER_ID}: one`);
    expect(refreshToken).toBeTruthy();
    const revoked = await fetch(`${authorization.issuer}/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: refreshToken as string, client_id: USER_CLIENT_ID }),
    });
    expect(revoked.status).toBe(200);
    expect(replyText(await client.sendMessage('two'))).toBe(`notes for ${USER_ID}: two`);
    expect(prompts).toHaveLength(2);
  });

  it('says what the authorization server answered when the user is not let in', async () => {
    const credential = oauthAuthorizationCode({
      clientId: USER_CLIENT_ID,
      redirectUri: USER_REDIRECT_URI,
      scopes: ['a2a:send'],
      // What a browser brings back when the user declines.
      authorize: async ({ url }) =>
        `${USER_REDIRECT_URI}?error=access_denied&state=${url.searchParams.get('state')}&iss=${encodeURIComponent(authorization.issuer)}`,
    });
    const client = await clientWith(credential);
    const error = await client.sendMessage('hi').catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(/refused the authorization: access_denied/);
  });
});

describe('device code (RFC 8628)', () => {
  /** The user's part: open the verification page with the code, and confirm (or abort). */
  async function approve(prompt: DeviceCodePrompt, answer: 'confirm' | 'abort' = 'confirm') {
    const browser = createUserAgent();
    const posted = await browser.open(prompt.verificationUriComplete ?? prompt.verificationUri);
    const confirm = await browser.submit(posted);
    const done = await browser.submit(confirm, answer === 'abort' ? { abort: 'yes' } : {});
    if (done.status !== 200) throw new Error(`the device approval ended with HTTP ${done.status}`);
  }

  it('shows the user a code, and calls as them once they approve', async () => {
    const prompts: DeviceCodePrompt[] = [];
    const client = await clientWith(
      oauthDeviceCode({
        clientId: USER_CLIENT_ID,
        scopes: ['a2a:send'],
        resource: RESOURCE,
        prompt: async (prompt) => {
          prompts.push(prompt);
          await approve(prompt);
        },
      }),
    );
    expect(replyText(await client.sendMessage('from the device'))).toBe(
      `notes for ${USER_ID}: from the device`,
    );
    expect(prompts).toHaveLength(1);
    expect(prompts[0]?.userCode).toMatch(/\S{4,}/);
    expect(prompts[0]?.verificationUri).toBe(`${authorization.issuer}/device`);
  });

  it('polls while the approval is pending, waiting the interval between polls', async () => {
    const before = authorization.tokenRequests();
    let approved: Promise<void> | undefined;
    const started = Date.now();
    const client = await clientWith(
      oauthDeviceCode({
        clientId: USER_CLIENT_ID,
        scopes: ['a2a:send'],
        resource: RESOURCE,
        prompt: (prompt) => {
          // The user approves only after the client's first poll, which must be told to wait.
          approved = (async () => {
            while (authorization.tokenRequests() === before)
              await new Promise((resolve) => setTimeout(resolve, 10));
            await approve(prompt);
          })();
        },
      }),
    );
    expect(replyText(await client.sendMessage('later'))).toBe(`notes for ${USER_ID}: later`);
    await approved;
    expect(authorization.tokenRequests() - before).toBe(2);
    // RFC 8628's default interval: 5 s between the pending poll and the next.
    expect(Date.now() - started).toBeGreaterThanOrEqual(5000);
  }, 30_000);

  it('says so when the user declines', async () => {
    const client = await clientWith(
      oauthDeviceCode({
        clientId: USER_CLIENT_ID,
        scopes: ['a2a:send'],
        resource: RESOURCE,
        prompt: (prompt) => approve(prompt, 'abort'),
      }),
    );
    const error = await client.sendMessage('no').catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(/refused the device authorization: access_denied/);
  });
});

describe('AUTH_REQUIRED step-up (in-task OAuth)', () => {
  it('gets a token with the scopes the agent asks for, replies on the task and gets the answer (send)', async () => {
    const { credential, prompts } = signingIn(['a2a:send']);
    const client = await clientWith(credential);
    const answer = await client.sendMessage('publish the doc');
    expect('task' in answer && answer.task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(replyText(answer)).toBe(`published by ${USER_ID}`);
    expect(prompts.map((prompt) => prompt.scopes)).toEqual([['a2a:send'], ['a2a:send', 'docs:publish']]);
    // The task's history: the ask, and the client's reply under the extension.
    const task = 'task' in answer ? await client.getTask(answer.task.id) : undefined;
    expect(task?.history?.filter((message) => message.role === 'ROLE_USER')).toHaveLength(2);
  });

  it('does the same inside a stream, which goes on after the AUTH_REQUIRED', async () => {
    const { credential } = signingIn(['a2a:send']);
    const client = await clientWith(credential);
    const states: string[] = [];
    let last = '';
    for await (const event of client.streamMessage('publish the doc')) {
      if ('statusUpdate' in event) {
        states.push(event.statusUpdate.status.state);
        last = joinText(event.statusUpdate.status.message?.parts ?? []);
      }
    }
    expect(states).toContain('TASK_STATE_AUTH_REQUIRED');
    expect(states.at(-1)).toBe('TASK_STATE_COMPLETED');
    expect(last).toBe(`published by ${USER_ID}`);
  });

  it('steps up a client credentials token without any user', async () => {
    const client = await clientWith(
      oauthClientCredentials({ clientId: 'writer', clientSecret: SECRET, scopes: ['a2a:send'] }),
    );
    expect(replyText(await client.sendMessage('publish it'))).toBe('published by writer');
  });

  it('answers with the AUTH_REQUIRED when the authorization server will not grant the scopes, and goes on without them', async () => {
    const client = await clientWith(
      oauthClientCredentials({ clientId: 'writer', clientSecret: SECRET, scopes: ['a2a:send'] }),
    );
    const before = authorization.tokenRequests();
    const answer = await client.sendMessage('administer');
    expect('task' in answer && answer.task.status.state).toBe('TASK_STATE_AUTH_REQUIRED');
    expect('task' in answer && inTaskOAuthRequestOf(answer.task.status)).toEqual({
      requiredScopes: ['admin'],
      securityScheme: 'oauth',
    });
    // The first token, and one step-up whose token came without the scope: no reply was sent with it.
    expect(authorization.tokenRequests() - before).toBe(2);
    const task = 'task' in answer ? await client.getTask(answer.task.id) : undefined;
    expect(task?.history?.filter((message) => message.role === 'ROLE_USER')).toHaveLength(1);
    // The credential still asks for what it was given, not for the scope it did not get.
    expect(replyText(await client.sendMessage('still fine'))).toBe('notes for writer: still fine');
  });

  it('leaves the AUTH_REQUIRED to the caller with reauthorize: false, saying what it asks for', async () => {
    const { credential, prompts } = signingIn(['a2a:send']);
    const client = await clientWith(credential, { reauthorize: false });
    const answer = await client.sendMessage('publish the doc');
    const task = 'task' in answer ? answer.task : undefined;
    expect(task?.status.state).toBe('TASK_STATE_AUTH_REQUIRED');
    expect(inTaskOAuthRequestOf(task?.status)).toEqual({
      requiredScopes: ['docs:publish'],
      securityScheme: 'oauth',
    } satisfies InTaskOAuthRequest);
    expect(replyText(answer)).toContain('Publishing needs the docs:publish scope');
    expect(prompts).toHaveLength(1);
  });

  it('fails the task when the replies never bring the scopes (the AUTH_REQUIRED authorizes nothing)', async () => {
    const { credential } = signingIn(['a2a:send']);
    const client = await clientWith(credential, { reauthorize: false });
    const first = await client.sendMessage('publish the doc');
    const taskId = 'task' in first ? first.task.id : '';
    let answer = first;
    for (let reply = 0; reply < 3; reply += 1) {
      answer = await client.sendMessage('here is my token, same as before', { taskId });
    }
    const task = 'task' in answer ? answer.task : undefined;
    expect(task?.status.state).toBe('TASK_STATE_FAILED');
    expect(replyText(answer)).toMatch(/docs:publish/);
  });
});
