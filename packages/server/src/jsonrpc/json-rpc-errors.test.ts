import { describe, expect, it, vi } from 'vitest';
import { createJsonRpcApp } from './create-json-rpc-app.ts';
import { call, post, readJson, rpc } from './test-support/call-app.ts';
import {
  createFakeRequestHandler,
  EXPLODING_TASK_ID,
  MISSING_TASK_ID,
  SECRET_MESSAGE,
  TASK_ID,
} from './test-support/fake-request-handler.ts';

function setup() {
  const handler = createFakeRequestHandler();
  const logger = { error: vi.fn() };
  return { handler, logger, app: createJsonRpcApp({ handler, logger }) };
}

describe('JSON-RPC envelope errors', () => {
  it('answers unparseable JSON with -32700 and a null id', async () => {
    const { app } = setup();
    const reply = await readJson(await post(app, '{"jsonrpc": "2.0", "id": 1,'));
    expect(reply.id).toBeNull();
    expect(reply.error?.code).toBe(-32700);
    expect(reply.error?.message).toMatch(/^Invalid JSON payload/);
  });

  it('answers an empty body with -32700', async () => {
    const { app } = setup();
    const reply = await readJson(await post(app, ''));
    expect(reply.error?.code).toBe(-32700);
  });

  // [what is wrong, body, id the answer carries, words the message must contain]
  it.each([
    ['a string body', '"GetTask"', null, 'request object'],
    ['a number body', '42', null, 'request object'],
    ['a null body', 'null', null, 'request object'],
    ['jsonrpc "1.0"', { jsonrpc: '1.0', id: 7, method: 'tasks/get' }, 7, 'jsonrpc must be "2.0"'],
    ['a missing jsonrpc', { id: 7, method: 'tasks/get' }, 7, 'jsonrpc must be "2.0"'],
    ['a numeric method', { jsonrpc: '2.0', id: 7, method: 5 }, 7, 'method must be a string'],
    ['a missing method', { jsonrpc: '2.0', id: 7 }, 7, 'method must be a string'],
    ['a boolean id', { jsonrpc: '2.0', id: true, method: 'tasks/get' }, null, 'id must be'],
    ['an object id', { jsonrpc: '2.0', id: { n: 1 }, method: 'tasks/get' }, null, 'id must be'],
    [
      'a notification (no id)',
      { jsonrpc: '2.0', method: 'tasks/get', params: { id: TASK_ID } },
      null,
      'notifications are not supported',
    ],
  ])('answers %s with -32600', async (_, body, id, words) => {
    const { app, handler } = setup();
    const reply = await readJson(await post(app, body));
    expect(reply).toMatchObject({ jsonrpc: '2.0', id, error: { code: -32600 } });
    expect(reply.error?.message).toContain(words);
    expect(handler.calls).toHaveLength(0);
  });

  it.each([
    ['array params', { jsonrpc: '2.0', id: 'r', method: 'tasks/get', params: ['t1'] }, 'r'],
    ['string params', { jsonrpc: '2.0', id: 'r', method: 'tasks/get', params: 't1' }, 'r'],
    ['string params without id', { jsonrpc: '2.0', method: 'tasks/get', params: 't1' }, null],
  ])('answers %s with -32602 naming params, as the official SDKs do', async (_, body, id) => {
    const { app, handler } = setup();
    const reply = await readJson(await post(app, body));
    expect(reply).toMatchObject({ jsonrpc: '2.0', id, error: { code: -32602 } });
    expect(reply.error?.message).toContain('params must be an object');
    expect(handler.calls).toHaveLength(0);
  });

  it('answers invalid params without id with -32602 naming the field, not the missing id (the 0.3 kit checks it)', async () => {
    const { app, handler } = setup();
    const body = { jsonrpc: '2.0', method: 'message/send', params: { '': 'not_a_dict' } };
    const reply = await readJson(await post(app, body));
    expect(reply).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32602 } });
    expect(reply.error?.message).toContain('message');
    expect(handler.calls).toHaveLength(0);
  });

  it('answers an unknown method without id with -32601, not the missing id', async () => {
    const { app, handler } = setup();
    const reply = await readJson(await post(app, { jsonrpc: '2.0', method: 'tasks/teleport', params: {} }));
    expect(reply).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32601 } });
    expect(handler.calls).toHaveLength(0);
  });

  it('answers a batch with one -32600 saying batches are not supported', async () => {
    const { app, handler } = setup();
    const batch = [rpc('tasks/get', { id: TASK_ID }, 1), rpc('tasks/get', { id: TASK_ID }, 2)];
    const reply = await readJson(await post(app, batch));
    expect(reply.id).toBeNull();
    expect(reply.error?.code).toBe(-32600);
    expect(reply.error?.message).toContain('batch requests are not supported');
    expect(handler.calls).toHaveLength(0);
  });

  it('answers an empty batch the same way', async () => {
    const { app } = setup();
    const reply = await readJson(await post(app, []));
    expect(reply.error?.message).toContain('batch requests are not supported');
  });

  it('accepts a null id and answers it', async () => {
    const { app } = setup();
    const reply = await readJson(
      await post(app, { jsonrpc: '2.0', id: null, method: 'tasks/get', params: { id: TASK_ID } }),
    );
    expect(reply.id).toBeNull();
    expect(reply.result).toMatchObject({ id: TASK_ID });
  });

  it('reads params: null as no params', async () => {
    const { app, handler } = setup();
    const reply = await call(app, 'GetExtendedAgentCard', null, { version: '1.0' });
    expect(reply.result).toMatchObject({ name: 'Fake agent' });
    expect(handler.calls[0]?.request).toEqual({});
  });

  it('answers an unknown method with -32601 naming it', async () => {
    const { app } = setup();
    const reply = await call(app, 'tasks/frobnicate', {});
    expect(reply.error).toEqual({
      code: -32601,
      message: 'Method not found: tasks/frobnicate',
      data: { method: 'tasks/frobnicate' },
    });
  });

  it('matches method names case-sensitively', async () => {
    const { app } = setup();
    const reply = await call(app, 'getTask', { id: TASK_ID }, { version: '1.0' });
    expect(reply.error?.code).toBe(-32601);
  });
});

describe('invalid params', () => {
  it('answers 1.0 params without a required field with -32602 naming it', async () => {
    const { app, handler } = setup();
    const reply = await call(app, 'GetTask', { historyLength: 2 }, { version: '1.0' });
    expect(reply.error?.code).toBe(-32602);
    expect(reply.error?.message).toContain('id');
    expect(reply.error?.data).toContainEqual({
      '@type': 'type.googleapis.com/google.rpc.BadRequest',
      fieldViolations: [{ field: 'id', description: expect.stringContaining('required') }],
    });
    expect(handler.calls).toHaveLength(0);
  });

  it('names a nested field in a 1.0 send', async () => {
    const { app } = setup();
    const reply = await call(
      app,
      'SendMessage',
      { message: { messageId: 'm', role: 'ROLE_USER', parts: [{}] } },
      { version: '1.0' },
    );
    expect(reply.error?.code).toBe(-32602);
    expect(reply.error?.message).toContain('message.parts[0]');
  });

  it('answers 0.3 params that fail the 0.3 schema with -32602 in the 0.3 format', async () => {
    const { app } = setup();
    const reply = await call(app, 'message/send', { configuration: {} });
    expect(reply.error).toMatchObject({ code: -32602, data: { details: expect.any(Array) } });
    expect(reply.error?.message).toContain('message');
  });

  it('answers 0.3 params that 1.0 cannot accept (an empty task id) with -32602 naming the field', async () => {
    const { app, handler } = setup();
    const reply = await call(app, 'tasks/get', { id: '' });
    expect(reply.error?.code).toBe(-32602);
    expect(reply.error?.message).toContain('id: is empty');
    expect(handler.calls).toHaveLength(0);
  });
});

describe('handler errors', () => {
  it('answers an A2AError in the 1.0 format with ErrorInfo', async () => {
    const { app, logger } = setup();
    const reply = await call(app, 'GetTask', { id: MISSING_TASK_ID }, { version: '1.0' });
    expect(reply).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32001,
        message: `Task not found: ${MISSING_TASK_ID}`,
        data: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'TASK_NOT_FOUND',
            domain: 'a2a-protocol.org',
            metadata: { taskId: MISSING_TASK_ID },
          },
        ],
      },
    });
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('answers an A2AError in the 0.3 format for a 0.3 caller', async () => {
    const { app } = setup();
    const reply = await call(app, 'tasks/cancel', { id: MISSING_TASK_ID });
    expect(reply.error).toEqual({
      code: -32001,
      message: `Task not found: ${MISSING_TASK_ID}`,
      data: { taskId: MISSING_TASK_ID },
    });
  });

  it.each([
    ['1.0', 'GetTask'],
    ['0.3', 'tasks/get'],
  ])(
    'turns a plain Error into -32603 without leaking its message (%s) and logs the original',
    async (version, method) => {
      const { app, logger } = setup();
      const response = await post(app, rpc(method, { id: EXPLODING_TASK_ID }), { version });
      const text = await response.text();
      expect(text).not.toContain('hunter2');
      expect(text).not.toContain('fake-request-handler'); // no stack trace
      const reply = JSON.parse(text);
      expect(reply.error).toMatchObject({ code: -32603, message: 'Internal error' });
      expect(logger.error).toHaveBeenCalledTimes(1);
      const [, details] = logger.error.mock.calls[0] ?? [];
      expect(details).toMatchObject({ binding: 'JSONRPC', method, id: 1, error: new Error(SECRET_MESSAGE) });
    },
  );

  it('answers a result that cannot be serialized with -32603', async () => {
    const handler = createFakeRequestHandler();
    handler.getTask = async () => ({
      id: TASK_ID,
      status: { state: 'TASK_STATE_WORKING' },
      metadata: { n: 1n },
    });
    const app = createJsonRpcApp({ handler, logger: { error: () => {} } });
    const reply = await call(app, 'GetTask', { id: TASK_ID }, { version: '1.0' });
    expect(reply.error).toMatchObject({ code: -32603, message: 'Internal error' });
  });
});
