import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { A2AError } from '../errors/a2a-error.ts';
import { createJsonRpcError, createJsonRpcRequest, createJsonRpcSuccess } from './create.ts';
import {
  isJsonRpcErrorResponse,
  isNotification,
  JsonRpcErrorResponseSchema,
  JsonRpcIdSchema,
  JsonRpcMessageSchema,
  JsonRpcRequestSchema,
  JsonRpcResponseSchema,
  JsonRpcSuccessResponseSchema,
  jsonRpcSuccessResponseSchema,
} from './envelope.ts';

describe('JSON-RPC ids', () => {
  it.each(['r1', 7, null])('accepts %j', (id) => {
    expect(JsonRpcIdSchema.parse(id)).toBe(id);
  });
  it.each([true, {}, []])('rejects %j', (id) => {
    expect(JsonRpcIdSchema.safeParse(id).success).toBe(false);
  });
});

describe('JsonRpcRequestSchema', () => {
  it('reads the spec GetTask request', () => {
    const request = JsonRpcRequestSchema.parse({
      jsonrpc: '2.0',
      id: 3,
      method: 'GetTask',
      params: { id: 't1', historyLength: 10 },
    });
    expect(request).toEqual({
      jsonrpc: '2.0',
      id: 3,
      method: 'GetTask',
      params: { id: 't1', historyLength: 10 },
    });
    expect(isNotification(request)).toBe(false);
  });

  it('reads a request without params (GetExtendedAgentCard)', () => {
    expect(
      JsonRpcRequestSchema.parse({ jsonrpc: '2.0', id: 11, method: 'GetExtendedAgentCard' }).params,
    ).toBeUndefined();
  });

  it('treats a request without id as a notification', () => {
    expect(isNotification(JsonRpcRequestSchema.parse({ jsonrpc: '2.0', method: 'SendMessage' }))).toBe(true);
  });

  it.each([
    ['a different jsonrpc version', { jsonrpc: '1.0', id: 1, method: 'GetTask' }],
    ['a missing jsonrpc member', { id: 1, method: 'GetTask' }],
    ['a numeric method', { jsonrpc: '2.0', id: 1, method: 5 }],
    ['positional params', { jsonrpc: '2.0', id: 1, method: 'GetTask', params: ['t1'] }],
    ['a boolean id', { jsonrpc: '2.0', id: true, method: 'GetTask' }],
  ])('rejects %s', (_, value) => {
    expect(JsonRpcRequestSchema.safeParse(value).success).toBe(false);
  });
});

describe('JSON-RPC responses', () => {
  it('reads a success response and keeps its result', () => {
    const value = { jsonrpc: '2.0', id: 'r1', result: { task: { id: 't1' } } };
    const response = JsonRpcResponseSchema.parse(value);
    expect(response).toEqual(value);
    expect(isJsonRpcErrorResponse(response)).toBe(false);
  });

  it('accepts a null result (a2a-js DeleteTaskPushNotificationConfig)', () => {
    expect(JsonRpcSuccessResponseSchema.safeParse({ jsonrpc: '2.0', id: 1, result: null }).success).toBe(
      true,
    );
  });

  it('rejects a success response without result', () => {
    expect(JsonRpcSuccessResponseSchema.safeParse({ jsonrpc: '2.0', id: 1 }).success).toBe(false);
  });

  it('reads an error response with a null id', () => {
    const response = JsonRpcResponseSchema.parse({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Invalid JSON payload' },
    });
    expect(isJsonRpcErrorResponse(response)).toBe(true);
  });

  it('rejects a response carrying both result and error', () => {
    const both = { jsonrpc: '2.0', id: 1, result: {}, error: { code: -32603, message: 'x' } };
    expect(JsonRpcResponseSchema.safeParse(both).success).toBe(false);
  });

  it('rejects an error response whose error lacks a code', () => {
    expect(
      JsonRpcErrorResponseSchema.safeParse({ jsonrpc: '2.0', id: 1, error: { message: 'x' } }).success,
    ).toBe(false);
  });

  it('checks the result with a typed success schema', () => {
    const schema = jsonRpcSuccessResponseSchema(z.object({ id: z.string() }));
    expect(schema.safeParse({ jsonrpc: '2.0', id: 1, result: { id: 't' } }).success).toBe(true);
    expect(schema.safeParse({ jsonrpc: '2.0', id: 1, result: { id: 3 } }).success).toBe(false);
  });

  it('tells requests and responses apart in the message union', () => {
    expect(JsonRpcMessageSchema.safeParse({ jsonrpc: '2.0', id: 1, method: 'GetTask' }).success).toBe(true);
    expect(JsonRpcMessageSchema.safeParse({ jsonrpc: '2.0', id: 1, result: 1 }).success).toBe(true);
    expect(JsonRpcMessageSchema.safeParse({ jsonrpc: '2.0', id: 1 }).success).toBe(false);
  });
});

describe('builders', () => {
  it('builds a request and leaves out absent id and params', () => {
    expect(createJsonRpcRequest('GetTask', { id: 't1' }, 'r1')).toEqual({
      jsonrpc: '2.0',
      id: 'r1',
      method: 'GetTask',
      params: { id: 't1' },
    });
    expect(createJsonRpcRequest('GetExtendedAgentCard')).toEqual({
      jsonrpc: '2.0',
      method: 'GetExtendedAgentCard',
    });
  });

  it('builds a success response that passes its own schema', () => {
    const response = createJsonRpcSuccess(1, { task: { id: 't1' } });
    expect(JsonRpcSuccessResponseSchema.parse(response)).toEqual(response);
  });

  it('builds a 1.0 error response with ErrorInfo in data', () => {
    const response = createJsonRpcError(2, A2AError.taskNotFound('t1'), { version: '1.0' });
    expect(JsonRpcErrorResponseSchema.parse(response)).toEqual(response);
    expect(response.error.data).toEqual([
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'TASK_NOT_FOUND',
        domain: 'a2a-protocol.org',
        metadata: { taskId: 't1' },
      },
    ]);
  });

  it('builds a 0.3 error response with object data', () => {
    const response = createJsonRpcError('x', A2AError.taskNotFound('t1'), { version: '0.3' });
    expect(response).toEqual({
      jsonrpc: '2.0',
      id: 'x',
      error: { code: -32001, message: 'Task not found: t1', data: { taskId: 't1' } },
    });
  });
});
