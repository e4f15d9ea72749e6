import { A2AError } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { createJsonRpcApp, type JsonRpcAppOptions } from './create-json-rpc-app.ts';
import { call } from './test-support/call-app.ts';
import { createFakeRequestHandler, TASK_ID } from './test-support/fake-request-handler.ts';

function setup(options: Partial<JsonRpcAppOptions> = {}) {
  const handler = createFakeRequestHandler();
  return { handler, app: createJsonRpcApp({ handler, logger: { error: () => {} }, ...options }) };
}

const ERROR_INFO = 'type.googleapis.com/google.rpc.ErrorInfo';

describe('version negotiation', () => {
  it('reads a request without A2A-Version as 0.3', async () => {
    const { app, handler } = setup();
    const reply = await call(app, 'tasks/get', { id: TASK_ID });
    expect(reply.result).toMatchObject({ kind: 'task', id: TASK_ID });
    expect(handler.calls[0]?.call.version).toBe('0.3');
  });

  it.each(['1.0', '1.0.3', ' 1.0 ', '1.0, 0.3'])('serves A2A-Version %j as 1.0', async (version) => {
    const { app, handler } = setup();
    const reply = await call(app, 'GetTask', { id: TASK_ID }, { version });
    expect(reply.result).toMatchObject({ id: TASK_ID, status: { state: 'TASK_STATE_COMPLETED' } });
    expect(handler.calls[0]?.call.version).toBe('1.0');
  });

  it('serves an explicit A2A-Version 0.3 as 0.3', async () => {
    const { app } = setup();
    const reply = await call(app, 'tasks/get', { id: TASK_ID }, { version: '0.3' });
    expect(reply.result).toMatchObject({ kind: 'task' });
  });

  it('takes the version from the A2A-Version query parameter (spec §3.6)', async () => {
    const { app, handler } = setup();
    const reply = await call(app, 'GetTask', { id: TASK_ID }, { query: '?A2A-Version=1.0' });
    expect(reply.result).toMatchObject({ id: TASK_ID });
    expect(handler.calls[0]?.call.version).toBe('1.0');
  });

  it('prefers the header over the query parameter', async () => {
    const { app } = setup();
    const reply = await call(
      app,
      'tasks/get',
      { id: TASK_ID },
      { version: '0.3', query: '?A2A-Version=1.0' },
    );
    expect(reply.result).toMatchObject({ kind: 'task' });
  });

  it('answers 2.0 with VersionNotSupported in the 1.0 error format, echoing the id', async () => {
    const { app, handler } = setup();
    const reply = await call(app, 'GetTask', { id: TASK_ID }, { version: '2.0' });
    expect(reply.id).toBe(1);
    expect(reply.error?.code).toBe(-32009);
    expect(reply.error?.message).toContain('"2.0"');
    expect(reply.error?.data).toEqual([
      {
        '@type': ERROR_INFO,
        reason: 'VERSION_NOT_SUPPORTED',
        domain: 'a2a-protocol.org',
        metadata: { version: '2.0', supportedVersions: '1.0,0.3' },
      },
    ]);
    expect(handler.calls).toHaveLength(0);
  });

  it.each(['0.2', 'latest'])(
    'answers %j with VersionNotSupported in the 0.3 error format',
    async (version) => {
      const { app } = setup();
      const reply = await call(app, 'tasks/get', { id: TASK_ID }, { version });
      expect(reply.error).toEqual({
        code: -32009,
        message: expect.stringContaining(version),
        data: { version, supportedVersions: '1.0,0.3' },
      });
    },
  );

  it('answers a header-less request with VersionNotSupported (0.3 format) when 0.3 is switched off', async () => {
    const { app } = setup({ supportedVersions: ['1.0'] });
    const reply = await call(app, 'tasks/get', { id: TASK_ID });
    expect(reply.error).toMatchObject({ code: -32009, data: { version: '0.3', supportedVersions: '1.0' } });
    const modern = await call(app, 'GetTask', { id: TASK_ID }, { version: '1.0' });
    expect(modern.result).toMatchObject({ id: TASK_ID });
  });

  it('answers a 1.0 method sent without the header with MethodNotFound (0.3 format) saying which header to send', async () => {
    const { app, handler } = setup();
    const reply = await call(app, 'GetTask', { id: TASK_ID });
    expect(reply.error).toEqual({
      code: -32601,
      message: expect.stringContaining('send the header A2A-Version: 1.0'),
      data: { method: 'GetTask' },
    });
    expect(handler.calls).toHaveLength(0);
  });

  it('answers a 0.3 method sent with A2A-Version 1.0 with MethodNotFound (1.0 format) naming the 1.0 method', async () => {
    const { app, handler } = setup();
    const reply = await call(app, 'message/send', {}, { version: '1.0' });
    expect(reply.error?.code).toBe(-32601);
    expect(reply.error?.message).toContain('called SendMessage in A2A 1.0');
    expect(reply.error?.data).toEqual([
      {
        '@type': ERROR_INFO,
        reason: 'METHOD_NOT_FOUND',
        domain: 'a2a-protocol.org',
        metadata: { method: 'message/send' },
      },
    ]);
    expect(handler.calls).toHaveLength(0);
  });

  it('answers tasks/list from a 0.3 caller with MethodNotFound pointing at ListTasks', async () => {
    const { app, handler } = setup();
    const reply = await call(app, 'tasks/list', {});
    expect(reply.error?.code).toBe(-32601);
    expect(reply.error?.message).toContain('ListTasks');
    expect(handler.calls).toHaveLength(0);
  });
});

describe('call context', () => {
  it('carries the 1.0 A2A-Extensions header and ignores X-A2A-Extensions', async () => {
    const { app, handler } = setup();
    const headers = {
      'A2A-Extensions': 'https://ext.example/a, https://ext.example/b',
      'X-A2A-Extensions': 'https://ext.example/x',
    };
    await call(app, 'GetTask', { id: TASK_ID }, { version: '1.0', headers });
    expect(handler.calls[0]?.call.requestedExtensions).toEqual([
      'https://ext.example/a',
      'https://ext.example/b',
    ]);
  });

  it('carries both extension headers for a 0.3 caller, without duplicates', async () => {
    const { app, handler } = setup();
    const headers = {
      'X-A2A-Extensions': 'https://ext.example/a',
      'A2A-Extensions': 'https://ext.example/a,https://ext.example/b',
    };
    await call(app, 'tasks/get', { id: TASK_ID }, { headers });
    expect(handler.calls[0]?.call.requestedExtensions).toEqual([
      'https://ext.example/a',
      'https://ext.example/b',
    ]);
  });

  it('has no tenant when the request has an empty one', async () => {
    const { app, handler } = setup();
    await call(app, 'GetTask', { id: TASK_ID, tenant: '' }, { version: '1.0' });
    expect(handler.calls[0]?.call.tenant).toBeUndefined();
  });

  it('carries the user from getUser, which sees the Hono context', async () => {
    const { app, handler } = setup({
      getUser: (c) => ({ id: c.req.header('Authorization')?.replace('Bearer ', '') ?? 'anonymous' }),
    });
    await call(
      app,
      'GetTask',
      { id: TASK_ID },
      { version: '1.0', headers: { Authorization: 'Bearer alice' } },
    );
    expect(handler.calls[0]?.call.user).toEqual({ id: 'alice' });
  });

  it('answers the A2AError getUser throws and does not call the handler', async () => {
    const { app, handler } = setup({
      getUser: async () => {
        throw A2AError.unsupportedOperation('Authentication required');
      },
    });
    const reply = await call(app, 'GetTask', { id: TASK_ID }, { version: '1.0' });
    expect(reply.error).toMatchObject({ code: -32004, message: 'Authentication required' });
    expect(handler.calls).toHaveLength(0);
  });

  it('hands the handler a signal that fires when the caller goes away', async () => {
    const { app, handler } = setup();
    const caller = new AbortController();
    await call(app, 'GetTask', { id: TASK_ID }, { version: '1.0', signal: caller.signal });
    const signal = handler.calls[0]?.call.signal;
    expect(signal?.aborted).toBe(false);
    caller.abort();
    expect(signal?.aborted).toBe(true);
  });
});
