/**
 * An agent's signed push deliveries received over real HTTP on 127.0.0.1: a Baton agent (`@baton/server`)
 * delivers to a webhook built with `createPushWebhook`, which verifies each one; tampered, stale, replayed and
 * forged deliveries are refused with a reason.
 */
import { type AddressInfo, createServer } from 'node:net';
import { createA2AServer, createPushSigner, type PushOptions, pushNotifications } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushWebhook } from './create-push-webhook.ts';
import type { PushVerificationError } from './push-verification-error.ts';
import { createPushVerifier, type VerifiedPushNotification } from './verify-push-notification.ts';

const CARD = { name: 'Signer', description: 'Signs its push deliveries', version: '1.0.0', skills: [] };

/** A captured delivery, to be sent again (as is or changed) to a verifier. */
interface Captured {
  readonly headers: Headers;
  readonly body: string;
}

let agent: RunningA2AServer;
let signingKey: JWK;
let hookBase = '';
const received: VerifiedPushNotification[] = [];
const refused: PushVerificationError[] = [];
const captured: Captured[] = [];
let closeHooks: () => Promise<void> = async () => undefined;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  signingKey = { ...(await exportJWK(pair.privateKey)), kid: 'push-key-1' };
  const push: PushOptions = { allowlist: ['127.0.0.1'], signingKey, retries: 0 };
  agent = await startA2AServer(
    createA2AServer({
      card: CARD,
      push: pushNotifications(push),
      executor: async (ctx) => {
        await ctx.complete({ parts: [{ text: `Done: ${ctx.text}` }] });
      },
    }),
  );
  const port = await freePort();
  hookBase = `http://127.0.0.1:${port}`;
  const app = new Hono();
  // The receiver a user writes (docs/client.md shows the same).
  app.post(
    '/hook',
    createPushWebhook({
      agentUrl: agent.url,
      webhookUrl: `${hookBase}/hook`,
      token: 'opaque-1',
      onNotification: (notification) => {
        received.push(notification);
      },
      onRefused: (error) => refused.push(error),
    }),
  );
  app.post('/capture', async (c) => {
    captured.push({ headers: c.req.raw.headers, body: await c.req.text() });
    return c.body(null, 204);
  });
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  closeHooks = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(async () => {
  await agent.close();
  await closeHooks();
});

async function send(
  version: '1.0' | '0.3',
  url: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const v1 = version === '1.0';
  const message = v1
    ? { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text: 'hello' }] }
    : {
        kind: 'message',
        messageId: crypto.randomUUID(),
        role: 'user',
        parts: [{ kind: 'text', text: 'hello' }],
      };
  const configuration = v1
    ? { taskPushNotificationConfig: { url, token: 'opaque-1', ...extra } }
    : { pushNotificationConfig: { url, token: 'opaque-1', ...extra }, blocking: true };
  const response = await fetch(`${agent.url}/a2a/jsonrpc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(v1 ? { 'A2A-Version': '1.0' } : {}) },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: v1 ? 'SendMessage' : 'message/send',
      params: { message, configuration },
    }),
  });
  const body = (await response.json()) as { result: { task?: { id: string }; id?: string } };
  return body.result.task?.id ?? body.result.id ?? '';
}

/** A captured 1.0 delivery of a new task (the first one), with the token in `Authorization`. */
async function capture(extra: Record<string, unknown> = {}): Promise<Captured> {
  const before = captured.length;
  await send('1.0', `${hookBase}/capture`, extra);
  await expect.poll(() => captured.length).toBeGreaterThan(before);
  return captured[before] as Captured;
}

function requestOf(delivery: Captured, changes: { body?: string; headers?: Record<string, string> } = {}) {
  const headers = new Headers(delivery.headers);
  for (const [name, value] of Object.entries(changes.headers ?? {})) headers.set(name, value);
  return new Request(`${hookBase}/capture`, { method: 'POST', headers, body: changes.body ?? delivery.body });
}

const verifierFor = (webhookUrl = `${hookBase}/capture`) =>
  createPushVerifier({ agentUrl: agent.url, webhookUrl, token: 'opaque-1' });

async function refusalOf(promise: Promise<unknown>): Promise<{ reason: string; message: string }> {
  const error = (await promise.then(
    () => undefined,
    (e: unknown) => e,
  )) as PushVerificationError | undefined;
  if (!error) throw new Error('the delivery was accepted');
  return { reason: error.reason, message: error.message };
}

async function forge(
  claims: Record<string, unknown>,
  header: Record<string, unknown>,
  key: Parameters<SignJWT['sign']>[0],
) {
  const seconds = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: agent.url,
    aud: `${hookBase}/capture`,
    iat: seconds,
    exp: seconds + 60,
    jti: crypto.randomUUID(),
    ...claims,
  })
    .setProtectedHeader(header as { alg: string })
    .sign(key);
}

describe('signed push deliveries, verified by the receiver', () => {
  it('delivers every event of a 1.0 task to a createPushWebhook route, verified and typed', async () => {
    const taskId = await send('1.0', `${hookBase}/hook`);
    await expect
      .poll(() => received.filter((n) => n.taskId === taskId).map((n) => Object.keys(n.event)[0]))
      .toContain('statusUpdate');
    const mine = received.filter((n) => n.taskId === taskId);
    expect(mine[0]?.event).toMatchObject({ task: { id: taskId } });
    expect(mine.at(-1)?.event).toMatchObject({
      statusUpdate: { taskId, status: { state: 'TASK_STATE_COMPLETED' } },
    });
    expect(mine.every((n) => n.version === '1.0' && n.claims.iss === agent.url)).toBe(true);
    expect(new Set(mine.map((n) => n.jti)).size).toBe(mine.length);
    expect(refused).toEqual([]);
  });

  it('verifies a delivery registered through 0.3 and hands it over as A2A 1.0', async () => {
    const taskId = await send('0.3', `${hookBase}/hook`);
    await expect.poll(() => received.filter((n) => n.taskId === taskId).length).toBeGreaterThan(0);
    const first = received.find((n) => n.taskId === taskId);
    expect(first?.version).toBe('0.3');
    expect(first?.event).toMatchObject({ task: { id: taskId } });
  });

  it('puts the token beside the credentials the client configured, and both reach the webhook', async () => {
    const delivery = await capture({ authentication: { scheme: 'Basic', credentials: 'dXNlcjpwdw==' } });
    expect(delivery.headers.get('authorization')).toBe('Basic dXNlcjpwdw==');
    expect(delivery.headers.get('x-a2a-notification-jwt')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await expect(verifierFor()(requestOf(delivery))).resolves.toMatchObject({ version: '1.0' });
  });

  it('signs with ES256, the configured key id, a jku on the agent, and a body hash', async () => {
    const delivery = await capture();
    const token = delivery.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toEqual({
      alg: 'ES256',
      kid: 'push-key-1',
      jku: `${agent.url}/.well-known/jwks.json`,
      typ: 'JWT',
    });
    expect(payload).toMatchObject({ iss: agent.url, aud: `${hookBase}/capture`, taskId: expect.any(String) });
    expect(payload.exp - payload.iat).toBe(300);
    expect(payload.request_body_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a changed body under a valid token', async () => {
    const delivery = await capture();
    const body = delivery.body.replace('TASK_STATE_', 'TASK_STATE_X');
    expect(await refusalOf(verifierFor()(requestOf(delivery, { body })))).toEqual({
      reason: 'body-mismatch',
      message: 'The body is not the one the token was signed for',
    });
  });

  it('refuses a token made for another webhook', async () => {
    const delivery = await capture();
    const refusal = await refusalOf(verifierFor(`${hookBase}/other`)(requestOf(delivery)));
    expect(refusal.reason).toBe('wrong-audience');
    expect(refusal.message).toContain(`${hookBase}/other`);
  });

  it('refuses a wrong notification token', async () => {
    const delivery = await capture();
    const refusal = await refusalOf(
      verifierFor()(requestOf(delivery, { headers: { 'X-A2A-Notification-Token': 'guess' } })),
    );
    expect(refusal.reason).toBe('wrong-notification-token');
  });

  it('refuses an expired token and a token issued too long ago', async () => {
    const delivery = await capture();
    const body = delivery.body;
    const taskId = (JSON.parse(body) as { task: { id: string } }).task.id;
    const claims = {
      issuer: agent.url,
      jwksUrl: `${agent.url}/.well-known/jwks.json`,
      audience: `${hookBase}/capture`,
      taskId,
      body,
    };
    const past = Date.now() - 20 * 60_000;
    const expired = await createPushSigner({ signingKey, now: () => past }).sign(claims);
    expect(
      (
        await refusalOf(
          verifierFor()(requestOf(delivery, { headers: { Authorization: `Bearer ${expired}` } })),
        )
      ).reason,
    ).toBe('expired');
    const old = await createPushSigner({ signingKey, now: () => past, tokenTtlSeconds: 3600 }).sign(claims);
    expect(
      (await refusalOf(verifierFor()(requestOf(delivery, { headers: { Authorization: `Bearer ${old}` } }))))
        .reason,
    ).toBe('stale');
  });

  it('answers 204 to a verified delivery and 409 when the same one comes again', async () => {
    const delivery = await capture();
    const webhook = createPushWebhook({
      agentUrl: agent.url,
      webhookUrl: `${hookBase}/capture`,
      onNotification: () => undefined,
    });
    expect((await webhook(requestOf(delivery))).status).toBe(204);
    const again = await webhook(requestOf(delivery));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'replayed' });
  });

  it('refuses tokens signed by another key, with alg none, and HMAC-signed with the public key', async () => {
    const delivery = await capture();
    const body = delivery.body;
    const taskId = (JSON.parse(body) as { task: { id: string } }).task.id;
    const verify = verifierFor();
    const withToken = (token: string) =>
      requestOf(delivery, { headers: { Authorization: `Bearer ${token}` } });

    const stranger = await generateKeyPair('ES256');
    const claims = {
      taskId,
      request_body_sha256: (
        JSON.parse(
          Buffer.from(
            (delivery.headers.get('authorization') ?? '').split('.')[1] ?? '',
            'base64url',
          ).toString(),
        ) as { request_body_sha256: string }
      ).request_body_sha256,
    };
    const sameKid = await forge(claims, { alg: 'ES256', kid: 'push-key-1' }, stranger.privateKey);
    expect(await refusalOf(verify(withToken(sameKid)))).toEqual({
      reason: 'bad-signature',
      message: "The token's signature does not verify with the agent's keys",
    });
    const otherKid = await forge(claims, { alg: 'ES256', kid: 'stranger' }, stranger.privateKey);
    expect((await refusalOf(verify(withToken(otherKid)))).reason).toBe('bad-signature');

    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const seconds = Math.floor(Date.now() / 1000);
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ iss: agent.url, aud: `${hookBase}/capture`, iat: seconds, exp: seconds + 60, jti: 'x', ...claims })}.`;
    expect((await refusalOf(verify(withToken(unsigned)))).reason).toBe('bad-token');

    const { x, y, crv, kty } = signingKey;
    const publicAsSecret = new TextEncoder().encode(JSON.stringify({ crv, kty, x, y }));
    const hmac = await forge(claims, { alg: 'HS256', kid: 'push-key-1' }, publicAsSecret);
    expect(await refusalOf(verify(withToken(hmac)))).toEqual({
      reason: 'bad-token',
      message: 'The token is signed with an algorithm that is not accepted',
    });

    const elsewhere = await forge(
      claims,
      { alg: 'ES256', kid: 'push-key-1', jku: 'https://attacker.example/jwks.json' },
      stranger.privateKey,
    );
    expect((await refusalOf(verify(withToken(elsewhere)))).reason).toBe('wrong-jwks');
  });

  it('refuses a delivery without any token', async () => {
    const delivery = await capture();
    const headers = new Headers(delivery.headers);
    headers.delete('authorization');
    const request = new Request(`${hookBase}/capture`, { method: 'POST', headers, body: delivery.body });
    expect((await refusalOf(verifierFor()(request))).reason).toBe('missing-token');
  });
});
