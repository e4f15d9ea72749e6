import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { createJsonRpcApp } from './create-json-rpc-app.ts';
import { ENDPOINT, type JsonRpcReply, post, readJson, rpc } from './test-support/call-app.ts';
import { createFakeRequestHandler, MISSING_TASK_ID, TASK_ID } from './test-support/fake-request-handler.ts';

function setup() {
  const handler = createFakeRequestHandler();
  const logger = { error: vi.fn() };
  return { handler, logger, app: createJsonRpcApp({ handler, logger }) };
}

describe('JSON-RPC over HTTP', () => {
  it('answers errors with HTTP 200 and application/json', async () => {
    const { app } = setup();
    const response = await post(app, rpc('GetTask', { id: MISSING_TASK_ID }), { version: '1.0' });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/json');
  });

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/a2a+json',
    'Application/JSON',
  ])('accepts Content-Type %s', async (contentType) => {
    const { app } = setup();
    const reply = await readJson(
      await post(app, rpc('tasks/get', { id: TASK_ID }), { headers: { 'Content-Type': contentType } }),
    );
    expect(reply.result).toMatchObject({ id: TASK_ID });
  });

  it('answers a body sent without Content-Type with -32600 (such a request skips the CORS preflight)', async () => {
    const { app, handler } = setup();
    const body = new TextEncoder().encode(JSON.stringify(rpc('tasks/get', { id: TASK_ID })));
    const reply = await readJson(await app.request(ENDPOINT, { method: 'POST', body }));
    expect(reply).toMatchObject({ id: null, error: { code: -32600 } });
    expect(reply.error?.message).toContain('Content-Type is missing');
    expect(handler.calls).toHaveLength(0);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded'])(
    'answers Content-Type %s with -32005 (ContentTypeNotSupported) naming it',
    async (contentType) => {
      const { app, handler } = setup();
      const reply = await readJson(
        await post(app, rpc('tasks/get', { id: TASK_ID }), { headers: { 'Content-Type': contentType } }),
      );
      expect(reply).toMatchObject({ id: null, error: { code: -32005 } });
      expect(reply.error?.message).toContain(contentType);
      expect(handler.calls).toHaveLength(0);
    },
  );

  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])(
    'answers HTTP %s with 405, Allow: POST and a JSON-RPC error body',
    async (method) => {
      const { app } = setup();
      const response = await app.request(ENDPOINT, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('Allow')).toBe('POST');
      expect(response.headers.get('Content-Type')).toBe('application/json');
      const body = (await response.json()) as JsonRpcReply;
      expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
      expect(body.error?.message).toContain(method);
    },
  );

  it('serves the mount path of a parent app', async () => {
    const { app: rpcApp } = setup();
    const parent = new Hono().route('/a2a/jsonrpc', rpcApp);
    const response = await parent.request('http://127.0.0.1/a2a/jsonrpc', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(rpc('tasks/get', { id: TASK_ID })),
    });
    expect((await readJson(response)).result).toMatchObject({ id: TASK_ID });
  });
});
