/**
 * The orchestrator against a web page the operator visits and a careless or hostile client, over real HTTP
 * (issue 31): a DNS-rebinding Host is refused, a cross-site write is refused whatever its content type, a write
 * that is not JSON is 415 (empty bodies too), and a body over the limit is 413 before it is read.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrchestrator } from '../src/create-orchestrator.ts';

let server: ReturnType<typeof serve>;
let port = 0;

beforeAll(async () => {
  const app = createOrchestrator({
    agents: [],
    console: false,
    logger: { error: () => {}, warn: () => {} },
    guard: { publicUrl: 'https://baton.example', allowedOrigins: ['https://tools.example'] },
  });
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

interface Answer {
  readonly status: number;
  readonly body: { error?: { code: string; message: string } };
  readonly headers: Record<string, string | string[] | undefined>;
}

/** One request with exactly these headers (fetch would not let a test set Host). */
function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: text === '' ? {} : JSON.parse(text),
          headers: response.headers,
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const local = () => ({ host: `127.0.0.1:${port}` });
const json = { 'content-type': 'application/json' };

describe('the request guard', () => {
  it('answers loopback names and the public URL, and refuses any other Host with 421', async () => {
    expect((await send('GET', '/chains', local())).status).toBe(200);
    expect((await send('GET', '/chains', { host: `localhost:${port}` })).status).toBe(200);
    expect((await send('GET', '/chains', { host: 'baton.example' })).status).toBe(200);
    const rebound = await send('GET', '/runs', { host: `attacker.example:${port}` });
    expect(rebound.status).toBe(421);
    expect(rebound.body.error?.code).toBe('HOST_NOT_ALLOWED');
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['JSON', 'application/json'],
  ])('refuses a cross-site POST /runs sent as %s with 403', async (_, type) => {
    const answer = await send(
      'POST',
      '/runs',
      { ...local(), origin: 'https://evil.example', 'content-type': type },
      '{"topic":"x"}',
    );
    expect(answer.status).toBe(403);
    expect(answer.body.error?.code).toBe('CROSS_SITE_REFUSED');
  });

  it('refuses a cross-site chain registration and retirement', async () => {
    const chain =
      '{"name":"x","description":"x","steps":[{"id":"a","skill":"s","send":[{"topic":true}]}],"result":"a"}';
    const posted = await send(
      'POST',
      '/chains',
      { ...local(), origin: 'https://evil.example', ...json },
      chain,
    );
    expect(posted.status).toBe(403);
    const retired = await send('DELETE', '/chains/default', { ...local(), 'sec-fetch-site': 'cross-site' });
    expect(retired.status).toBe(403);
    // The same retirement from its own origin goes through: a DELETE needs no body nor content type.
    const own = await send('DELETE', '/chains/no-such-chain', {
      ...local(),
      origin: `http://127.0.0.1:${port}`,
    });
    expect(own.status).toBe(404);
  });

  it('refuses a cross-site cancel with no body and no Origin, by Sec-Fetch-Site', async () => {
    const answer = await send('POST', '/runs/some-run/cancel', {
      ...local(),
      'sec-fetch-site': 'cross-site',
    });
    expect(answer.status).toBe(403);
  });

  it('lets its own origin and the allowed ones write', async () => {
    for (const origin of [`http://127.0.0.1:${port}`, 'https://tools.example']) {
      const answer = await send('POST', '/runs/no-such-run/cancel', { ...local(), origin, ...json }, '{}');
      expect(answer.status, origin).toBe(404);
    }
  });

  it.each([
    ['no content type and no body', {}, undefined],
    ['text/plain', { 'content-type': 'text/plain' }, '{}'],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'],
  ])('answers a write with %s with 415, before anything is done', async (_, headers, body) => {
    const answer = await send('POST', '/runs/no-such-run/cancel', { ...local(), ...headers }, body);
    expect(answer.status).toBe(415);
    expect(answer.body.error?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a body over 64 KiB with 413 from its Content-Length, unread, and closes the connection', async () => {
    const declared = await send('POST', '/runs', {
      ...local(),
      ...json,
      'content-length': String(200 * 1024 * 1024),
    });
    expect(declared.status).toBe(413);
    expect(declared.body.error?.code).toBe('BODY_TOO_LARGE');
    expect(declared.headers.connection).toBe('close');
  });

  it('counts a chunked body and refuses it past the limit', async () => {
    const big = JSON.stringify({ topic: 'x'.repeat(100 * 1024) });
    const answer = await send('POST', '/runs', { ...local(), ...json, 'transfer-encoding': 'chunked' }, big);
    expect(answer.status).toBe(413);
  });
});
