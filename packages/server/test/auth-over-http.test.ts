/**
 * Authentication and authorization over real HTTP on 127.0.0.1: a `createA2AServer` behind the auth
 * middleware (wired as recommended to the lead), a JWKS served from a loopback server, and `@baton/client`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { A2AError } from '@baton/protocol';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createA2AClient } from '../../client/src/index.ts';
import {
  apiKey,
  bearerJwt,
  createAuthenticator,
  createAuthMiddleware,
  getAuthUser,
} from '../src/auth/index.ts';
import { type A2AServerOptions, createA2AServer } from '../src/index.ts';

const ISSUER = 'https://id.example';
const AUDIENCE = 'trip-agent';
const CARD: A2AServerOptions['card'] = {
  name: 'Guarded agent',
  description: 'Needs credentials',
  version: '1.0.0',
  skills: [{ id: 'echo', name: 'Echo', description: 'Echoes', tags: ['test'] }],
  securitySchemes: {
    bearer: { httpAuthSecurityScheme: { scheme: 'Bearer', bearerFormat: 'JWT' } },
    key: { apiKeySecurityScheme: { location: 'header', name: 'X-API-Key' } },
  },
  securityRequirements: [{ schemes: { bearer: { list: ['tasks'] } } }, { schemes: { key: {} } }],
};

let privateKey: CryptoKey;
let jwks: Server;
let app: ReturnType<typeof serve>;
let base: string;

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

function token(claims: Record<string, unknown>, options: { exp?: string | number; aud?: string } = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid: 'idp-1' })
    .setIssuer(ISSUER)
    .setAudience(options.aud ?? AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(options.exp ?? '5m')
    .sign(privateKey);
}

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'idp-1', alg: 'ES256' };
  jwks = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  const jwksUrl = `${await listen(jwks)}/jwks.json`;

  const authenticate = createAuthenticator({
    card: CARD,
    schemes: {
      bearer: bearerJwt({ jwksUrl, issuer: ISSUER, audience: AUDIENCE, algorithms: ['ES256'] }),
      key: apiKey({ keys: { 'key-carol': { id: 'carol', scopes: ['tasks'] } } }),
    },
  });
  const server = createA2AServer({
    card: CARD,
    executor: async (ctx) => {
      await ctx.addArtifact({ artifactId: 'a', parts: `hello ${ctx.user?.id ?? 'nobody'}` });
      await ctx.complete();
    },
    extendedCard: { description: 'Only for signed-in callers' },
    getUser: getAuthUser,
  });
  const outer = new Hono();
  outer.use('/a2a/jsonrpc', createAuthMiddleware({ authenticate, binding: 'JSONRPC' }));
  outer.use('/a2a/rest/*', createAuthMiddleware({ authenticate, binding: 'HTTP+JSON' }));
  outer.route('/', server);
  app = serve({ fetch: outer.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => app.once('listening', resolve));
  base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
});

afterAll(async () => {
  jwks.closeAllConnections();
  await new Promise((resolve) => jwks.close(resolve));
  await new Promise((resolve) => app.close(resolve));
});

const rpc = (headers: Record<string, string> = {}) =>
  fetch(`${base}/a2a/jsonrpc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'nope' } }),
  });

describe('authentication over HTTP', () => {
  it('serves the card without credentials', async () => {
    const response = await fetch(`${base}/.well-known/agent-card.json`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { securitySchemes: unknown }).securitySchemes).toBeDefined();
  });

  it('answers a call without credentials with 401 and challenges, in each binding format', async () => {
    const response = await rpc();
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toBe(
      'Bearer realm="a2a", ApiKey realm="a2a", in="header", name="X-API-Key"',
    );
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    const rest = await fetch(`${base}/a2a/rest/tasks/nope`, { headers: { 'A2A-Version': '1.0' } });
    expect(rest.status).toBe(401);
    expect(await rest.json()).toMatchObject({
      error: { code: 401, status: 'UNAUTHENTICATED', details: [{ reason: 'UNAUTHENTICATED' }] },
    });
  });

  it('refuses a wrong API key with 401', async () => {
    const response = await rpc({ 'X-API-Key': 'stolen' });
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toMatch(/^ApiKey .*error="invalid_key"/);
  });

  it('refuses an expired token with 401 invalid_token', async () => {
    const expired = await token(
      { sub: 'alice', scope: 'tasks' },
      { exp: Math.floor(Date.now() / 1000) - 60 },
    );
    const response = await rpc({ Authorization: `Bearer ${expired}` });
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toBe(
      'Bearer realm="a2a", error="invalid_token", error_description="The token has expired"',
    );
  });

  it('refuses a token for another audience with 401', async () => {
    const other = await token({ sub: 'alice', scope: 'tasks' }, { aud: 'someone-else' });
    const response = await rpc({ Authorization: `Bearer ${other}` });
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toMatch(
      /error_description="The token's \\"aud\\" claim/,
    );
  });

  it('refuses a token without the required scope with 403, also through the client', async () => {
    const weak = await token({ sub: 'alice', scope: 'profile' });
    const response = await rpc({ Authorization: `Bearer ${weak}` });
    expect(response.status).toBe(403);
    expect(response.headers.get('WWW-Authenticate')).toMatch(/error="insufficient_scope".*scope="tasks"/);
    const client = await createA2AClient({ agent: base, credentials: { bearer: weak } });
    await expect(client.sendMessage('hi')).rejects.toBeInstanceOf(A2AError);
  });

  it('keeps the extended card for authenticated callers and serves it to them', async () => {
    const client = await createA2AClient({
      agent: base,
      credentials: { bearer: await token({ sub: 'alice', scope: 'tasks' }) },
    });
    expect((await client.getExtendedAgentCard()).description).toBe('Only for signed-in callers');
  });
});

describe('authorization scoping', () => {
  it('works with valid credentials and hides a task from every other user', async () => {
    const alice = await createA2AClient({
      agent: base,
      credentials: { bearer: await token({ sub: 'alice', scp: ['tasks'] }) },
    });
    const sent = await alice.sendMessage('hi');
    const task = 'id' in sent ? sent : (sent as { task: { id: string } }).task;
    const taskId = (task as { id: string }).id;
    expect((await alice.getTask(taskId)).id).toBe(taskId);

    const carol = await createA2AClient({ agent: base, credentials: { key: 'key-carol' } });
    const notFound = { reason: 'TASK_NOT_FOUND' };
    await expect(carol.getTask(taskId)).rejects.toMatchObject(notFound);
    await expect(carol.cancelTask(taskId)).rejects.toMatchObject(notFound);
    const subscribe = async () => {
      for await (const _event of carol.subscribe(taskId, { resubscribe: false })) break;
    };
    await expect(subscribe()).rejects.toMatchObject(notFound);
  });
});
