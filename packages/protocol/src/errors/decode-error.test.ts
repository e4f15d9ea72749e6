import * as a2aJs from '@a2a-js/sdk/errors';
import { describe, expect, it } from 'vitest';
import { A2AError } from './a2a-error.ts';

describe('A2AError.fromJsonRpcError on the spec examples', () => {
  it('reads the §9.5 TaskNotFound example with its ErrorInfo metadata', () => {
    const error = A2AError.fromJsonRpcError({
      code: -32001,
      message: 'Task not found',
      data: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'TASK_NOT_FOUND',
          domain: 'a2a-protocol.org',
          metadata: { taskId: 'nonexistent-task-id', timestamp: '2025-11-09T10:30:00.000Z' },
        },
      ],
    });
    expect(error).toMatchObject({ name: 'TaskNotFoundError', code: -32001, reason: 'TASK_NOT_FOUND' });
    expect(error.metadata).toEqual({ taskId: 'nonexistent-task-id', timestamp: '2025-11-09T10:30:00.000Z' });
    expect(error.details).toEqual([]);
  });

  it('reads the §9.5 invalid-params example, which has a BadRequest but no ErrorInfo', () => {
    const badRequest = {
      '@type': 'type.googleapis.com/google.rpc.BadRequest',
      fieldViolations: [{ field: 'message.parts', description: 'At least one part is required' }],
    };
    const error = A2AError.fromJsonRpcError({
      code: -32602,
      message: 'Invalid parameters',
      data: [badRequest],
    });
    expect(error).toMatchObject({ name: 'InvalidParamsError', reason: 'INVALID_PARAMS' });
    expect(error.details).toEqual([badRequest]);
  });

  it('accepts a whole JSON-RPC error response, not just its error member', () => {
    const error = A2AError.fromJsonRpcError({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32009, message: 'no' },
    });
    expect(error.name).toBe('VersionNotSupportedError');
  });
});

describe('A2AError.fromRestStatus on the spec example', () => {
  it('reads the §11.6 404 google.rpc.Status body', () => {
    const error = A2AError.fromRestStatus(404, {
      error: {
        code: 404,
        status: 'NOT_FOUND',
        message: 'The specified task ID does not exist or is not accessible',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'TASK_NOT_FOUND',
            domain: 'a2a-protocol.org',
            metadata: { taskId: 'task-123', timestamp: '2025-11-09T10:30:00.000Z' },
          },
        ],
      },
    });
    expect(error).toMatchObject({
      name: 'TaskNotFoundError',
      code: -32001,
      message: 'The specified task ID does not exist or is not accessible',
    });
    expect(error.metadata).toEqual({ taskId: 'task-123', timestamp: '2025-11-09T10:30:00.000Z' });
  });

  it('trusts ErrorInfo.reason over the HTTP status (v1.0.0 peers sent 409 for TaskNotCancelable)', () => {
    const errorInfo = {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'UNSUPPORTED_OPERATION',
    };
    const error = A2AError.fromRestStatus(409, { error: { code: 409, message: 'x', details: [errorInfo] } });
    expect(error.name).toBe('UnsupportedOperationError');
  });
});

describe('0.3 error forms', () => {
  it('reads a bare 0.3 error with no data', () => {
    expect(A2AError.fromJsonRpcError({ code: -32001, message: 'Task not found' }).name).toBe(
      'TaskNotFoundError',
    );
  });

  it('reads -32007 under its 0.3 meaning', () => {
    const error = A2AError.fromJsonRpcError({
      code: -32007,
      message: 'Authenticated Extended Card is not configured',
    });
    expect(error).toMatchObject({
      name: 'ExtendedAgentCardNotConfiguredError',
      reason: 'EXTENDED_AGENT_CARD_NOT_CONFIGURED',
    });
  });

  it('turns free-form 0.3 data into string metadata', () => {
    const error = A2AError.fromJsonRpcError({
      code: -32602,
      message: 'bad',
      data: { field: 'message', count: 3, nested: { a: 1 } },
    });
    expect(error.metadata).toEqual({ field: 'message', count: '3', nested: '{"a":1}' });
  });

  it('reads the a2a-js 0.3 REST body, which is a bare JSON-RPC error object', () => {
    const error = A2AError.fromRestStatus(400, { code: -32001, message: 'Task not found: t-9' });
    expect(error).toMatchObject({ name: 'TaskNotFoundError', message: 'Task not found: t-9' });
  });

  it('reads a JSON-RPC error object wrapped in { error } by its code', () => {
    const error = A2AError.fromRestStatus(400, {
      error: { code: -32002, message: 'Task cannot be canceled' },
    });
    expect(error.name).toBe('TaskNotCancelableError');
  });

  it.each([
    [404, 'TaskNotFoundError'],
    [409, 'TaskNotCancelableError'],
    [415, 'ContentTypeNotSupportedError'],
    [422, 'InvalidParamsError'],
    [501, 'UnsupportedOperationError'],
    [502, 'InvalidAgentResponseError'],
    [400, 'InvalidRequestError'],
    [500, 'InternalError'],
  ] as const)('reads an a2a-python 0.3 {message} body with HTTP %i as %s', (status, name) => {
    const error = A2AError.fromRestStatus(status, { message: 'from python' });
    expect(error).toMatchObject({ name, message: 'from python' });
  });
});

describe('errors outside the table', () => {
  it('keeps an unknown JSON-RPC code with the reason from its ErrorInfo', () => {
    const error = A2AError.fromJsonRpcError({
      code: -32050,
      message: 'Slow down',
      data: [
        { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'RATE_LIMITED', domain: 'x.example' },
      ],
    });
    expect(error).toMatchObject({
      name: 'A2AError',
      code: -32050,
      reason: 'RATE_LIMITED',
      message: 'Slow down',
    });
  });

  it('gives an unknown code without ErrorInfo the reason UNKNOWN', () => {
    expect(A2AError.fromJsonRpcError({ code: -32099, message: 'm' }).reason).toBe('UNKNOWN');
  });

  it('keeps an unknown REST reason, falling back to the HTTP status for the code', () => {
    const body = {
      error: {
        code: 429,
        status: 'RESOURCE_EXHAUSTED',
        message: 'Slow down',
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'RATE_LIMITED' }],
      },
    };
    expect(A2AError.fromRestStatus(429, body)).toMatchObject({ code: -32603, reason: 'RATE_LIMITED' });
  });

  it('reads a Status with a BadRequest but no ErrorInfo as invalid params', () => {
    const badRequest = { '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [] };
    const error = A2AError.fromRestStatus(400, {
      error: { code: 400, message: 'bad', details: [badRequest] },
    });
    expect(error.name).toBe('InvalidParamsError');
  });
});

describe('garbage in', () => {
  const garbage = [
    undefined,
    null,
    42,
    'oops',
    [],
    {},
    { code: 'x' },
    { code: 1.5, message: 'm' },
    { error: 7 },
  ];

  it.each(garbage)('reads %j as a JSON-RPC InternalError without throwing', (value) => {
    const error = A2AError.fromJsonRpcError(value);
    expect(error).toMatchObject({ name: 'InternalError', code: -32603 });
    expect(error.cause).toBe(value);
  });

  it.each([...garbage, { error: 'Not found' }, { error: { details: 'nope' } }, '<html>502</html>'])(
    'reads %j with HTTP 500 as an InternalError without throwing',
    (value) => {
      expect(A2AError.fromRestStatus(500, value)).toMatchObject({ name: 'InternalError', code: -32603 });
    },
  );

  it('falls back to InternalError for an HTTP status it knows nothing about', () => {
    expect(A2AError.fromRestStatus(418, undefined).name).toBe('InternalError');
  });

  it('skips malformed details but keeps the good ones', () => {
    const error = A2AError.fromJsonRpcError({
      code: -32001,
      message: 'm',
      data: [
        42,
        { no: 'type' },
        { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND' },
      ],
    });
    expect(error).toMatchObject({ name: 'TaskNotFoundError', reason: 'TASK_NOT_FOUND' });
    expect(error.details).toEqual([]);
  });

  it('keeps a known code even when the message is missing', () => {
    expect(A2AError.fromJsonRpcError({ code: -32001 })).toMatchObject({
      name: 'TaskNotFoundError',
      message: 'Task not found',
    });
  });
});

describe('interoperability with a2a-js', () => {
  it('reads what a2a-js sends over JSON-RPC and REST', () => {
    const theirs = new a2aJs.TaskNotFoundError({ message: 'gone', metadata: { taskId: 't-1' } });
    const viaRpc = A2AError.fromJsonRpcError(a2aJs.toJsonRpcError(theirs));
    const viaRest = A2AError.fromRestStatus(404, a2aJs.toRestErrorBody(theirs, 404));
    for (const error of [viaRpc, viaRest]) {
      expect(error).toMatchObject({
        name: 'TaskNotFoundError',
        message: 'gone',
        metadata: { taskId: 't-1' },
      });
    }
  });

  it('sends errors a2a-js recognizes over JSON-RPC and REST', () => {
    const ours = A2AError.versionNotSupported('2.0', ['1.0']);
    const viaRpc = a2aJs.fromJsonRpcErrorResponse({ jsonrpc: '2.0', id: 1, error: ours.toJsonRpcError() });
    expect(viaRpc).toBeInstanceOf(a2aJs.VersionNotSupportedError);
    // a2a-js keeps JSON-RPC `data` as is rather than lifting ErrorInfo.metadata.
    expect(viaRpc.data).toEqual([ours.toErrorInfo()]);
    const { httpStatus, body } = ours.toRestStatus();
    const viaRest = a2aJs.fromRestErrorBody(body.error, { statusCode: httpStatus });
    expect(viaRest).toBeInstanceOf(a2aJs.VersionNotSupportedError);
    expect(viaRest.metadata).toEqual(ours.metadata);
  });
});

describe('refused credentials without an A2A ErrorInfo', () => {
  it('reads a 401 or 403 (a gateway, a gRPC status) as the refusal it is, not as an internal error', () => {
    const unauthenticated = A2AError.fromRestStatus(401, {
      error: { code: 16, status: 'UNAUTHENTICATED', message: 'The bearer token is not valid', details: [] },
    });
    expect(unauthenticated).toMatchObject({
      code: -32600,
      reason: 'UNAUTHENTICATED',
      message: 'The bearer token is not valid',
    });
    expect(A2AError.fromRestStatus(403, { message: 'no' })).toMatchObject({
      code: -32600,
      reason: 'PERMISSION_DENIED',
    });
    expect(A2AError.fromRestStatus(401, 'not json')).toMatchObject({ reason: 'UNAUTHENTICATED' });
    // An A2A error the server named stays that error.
    expect(
      A2AError.fromRestStatus(403, {
        error: { code: 403, message: 'x', details: [A2AError.taskNotFound('t').toErrorInfo()] },
      }),
    ).toMatchObject({ code: -32001 });
  });
});
