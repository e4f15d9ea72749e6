import { describe, expect, it } from 'vitest';
import { A2AError, isA2AError } from './a2a-error.ts';
import { A2A_ERRORS, type A2AErrorName } from './error-codes.ts';

// Literal copy of spec §5.4 (v1.0.1) plus the standard-error choices, independent of the table.
const REST_EXPECTED: Record<A2AErrorName, readonly [number, string]> = {
  JSONParseError: [400, 'INVALID_ARGUMENT'],
  InvalidRequestError: [400, 'INVALID_ARGUMENT'],
  MethodNotFoundError: [404, 'NOT_FOUND'],
  InvalidParamsError: [400, 'INVALID_ARGUMENT'],
  InternalError: [500, 'INTERNAL'],
  TaskNotFoundError: [404, 'NOT_FOUND'],
  TaskNotCancelableError: [400, 'FAILED_PRECONDITION'],
  PushNotificationNotSupportedError: [400, 'FAILED_PRECONDITION'],
  UnsupportedOperationError: [400, 'FAILED_PRECONDITION'],
  ContentTypeNotSupportedError: [400, 'INVALID_ARGUMENT'],
  InvalidAgentResponseError: [500, 'INTERNAL'],
  ExtendedAgentCardNotConfiguredError: [400, 'FAILED_PRECONDITION'],
  ExtensionSupportRequiredError: [400, 'FAILED_PRECONDITION'],
  VersionNotSupportedError: [400, 'FAILED_PRECONDITION'],
  // The 1.1 draft's row.
  TaskGenerationMismatchError: [409, 'ABORTED'],
};

const NAMES = Object.keys(A2A_ERRORS) as A2AErrorName[];
const metadata = { taskId: 'task-123', note: 'ünïcode, commas' };

/** Simulates the wire: JSON text in, JSON text out. */
const overTheWire = <T>(value: T): unknown => JSON.parse(JSON.stringify(value));

describe('A2AError round trips', () => {
  it.each(NAMES)('%s survives JSON-RPC 1.0 serialization', (name) => {
    const sent = A2AError.from(name, { message: `boom ${name}`, metadata });
    const received = A2AError.fromJsonRpcError(overTheWire(sent.toJsonRpcError()));
    expect(received).toMatchObject({ name, code: sent.code, reason: sent.reason, message: `boom ${name}` });
    expect(received.metadata).toEqual(metadata);
  });

  it.each(NAMES)('%s survives REST serialization with the v1.0.1 HTTP status', (name) => {
    const sent = A2AError.from(name, { metadata });
    const { httpStatus, body } = sent.toRestStatus();
    const [expectedHttp, expectedStatus] = REST_EXPECTED[name];
    expect(httpStatus).toBe(expectedHttp);
    expect(body.error.code).toBe(expectedHttp);
    expect(body.error.status).toBe(expectedStatus);
    const received = A2AError.fromRestStatus(httpStatus, overTheWire(body));
    expect(received).toMatchObject({ name, code: sent.code, reason: sent.reason, message: sent.message });
    expect(received.metadata).toEqual(metadata);
  });

  it.each(NAMES)('%s survives 0.3 JSON-RPC serialization', (name) => {
    const sent = A2AError.from(name, { metadata });
    const wire = sent.toJsonRpcErrorV03();
    expect(wire).toEqual({ code: sent.code, message: sent.message, data: metadata });
    const received = A2AError.fromJsonRpcError(overTheWire(wire));
    expect(received).toMatchObject({ name, code: sent.code, reason: sent.reason });
    expect(received.metadata).toEqual(metadata);
  });

  it.each(NAMES)('%s survives 0.3 REST serialization as the 0.3 error object', (name) => {
    const sent = A2AError.from(name, { metadata });
    const { httpStatus, body } = sent.toRestStatusV03();
    expect(httpStatus).toBe(REST_EXPECTED[name][0]);
    expect(body).toEqual({ code: sent.code, message: sent.message, data: metadata });
    const received = A2AError.fromRestStatus(httpStatus, overTheWire(body));
    expect(received).toMatchObject({ name, code: sent.code, reason: sent.reason });
    expect(received.metadata).toEqual(metadata);
  });

  it('keeps extra details such as a BadRequest through JSON-RPC, REST and 0.3', () => {
    const sent = A2AError.invalidParams('Invalid parameters: id: required', [
      { field: 'id', description: 'required' },
    ]);
    const viaRpc = A2AError.fromJsonRpcError(overTheWire(sent.toJsonRpcError()));
    const viaRest = A2AError.fromRestStatus(400, overTheWire(sent.toRestStatus().body));
    const viaV03 = A2AError.fromJsonRpcError(overTheWire(sent.toJsonRpcErrorV03()));
    for (const received of [viaRpc, viaRest, viaV03]) {
      expect(received.code).toBe(-32602);
      expect(received.details).toEqual(sent.details);
    }
  });
});

describe('A2AError wire forms', () => {
  it('puts the ErrorInfo first in 1.0 JSON-RPC data, with the A2A domain', () => {
    const wire = A2AError.taskNotFound('t-1').toJsonRpcError();
    expect(wire).toEqual({
      code: -32001,
      message: 'Task not found: t-1',
      data: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'TASK_NOT_FOUND',
          domain: 'a2a-protocol.org',
          metadata: { taskId: 't-1' },
        },
      ],
    });
  });

  it('writes a google.rpc.Status body for REST', () => {
    expect(A2AError.taskNotCancelable('t-1', 'TASK_STATE_COMPLETED').toRestStatus()).toEqual({
      httpStatus: 400,
      body: {
        error: {
          code: 400,
          status: 'FAILED_PRECONDITION',
          message: 'Task t-1 cannot be canceled in state TASK_STATE_COMPLETED',
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'TASK_NOT_CANCELABLE',
              domain: 'a2a-protocol.org',
              metadata: { taskId: 't-1', state: 'TASK_STATE_COMPLETED' },
            },
          ],
        },
      },
    });
  });

  it('omits 0.3 data when there is nothing to say', () => {
    expect(A2AError.pushNotificationNotSupported().toJsonRpcErrorV03()).toEqual({
      code: -32003,
      message: 'Push Notification is not supported',
    });
  });

  it('sends an error outside the table as 500 INTERNAL over REST but keeps its JSON-RPC code', () => {
    const custom = new A2AError({ code: -32050, message: 'Quota exceeded', reason: 'QUOTA_EXCEEDED' });
    expect(custom.name).toBe('A2AError');
    expect(custom.toJsonRpcError().code).toBe(-32050);
    expect(custom.toRestStatus().httpStatus).toBe(500);
    expect(custom.toRestStatus().body.error.status).toBe('INTERNAL');
  });
});

describe('A2AError factories', () => {
  it('names the method that was not found', () => {
    const error = A2AError.methodNotFound('tasks/frobnicate');
    expect(error.message).toBe('Method not found: tasks/frobnicate');
    expect(error.metadata).toEqual({ method: 'tasks/frobnicate' });
  });

  it('carries field violations of invalid params as a google.rpc.BadRequest', () => {
    const error = A2AError.invalidParams(undefined, [
      { field: 'message.parts', description: 'At least one part' },
    ]);
    expect(error.message).toBe('Invalid parameters');
    expect(error.details).toEqual([
      {
        '@type': 'type.googleapis.com/google.rpc.BadRequest',
        fieldViolations: [{ field: 'message.parts', description: 'At least one part' }],
      },
    ]);
  });

  it('names the requested and the supported versions', () => {
    const error = A2AError.versionNotSupported('2.0', ['1.0', '0.3']);
    expect(error.message).toBe('A2A protocol version "2.0" is not supported; supported versions: 1.0, 0.3');
    expect(error.metadata).toEqual({ version: '2.0', supportedVersions: '1.0,0.3' });
  });

  it('lists the required extensions', () => {
    const error = A2AError.extensionSupportRequired([
      'https://x.example/ext/a/v1',
      'https://x.example/ext/b/v1',
    ]);
    expect(error.code).toBe(-32008);
    expect(error.metadata).toEqual({ extensions: 'https://x.example/ext/a/v1,https://x.example/ext/b/v1' });
  });

  it('keeps the cause locally and never serializes it', () => {
    const cause = new Error('database password is hunter2');
    const error = A2AError.internal(undefined, cause);
    expect(error.cause).toBe(cause);
    expect(
      JSON.stringify([error.toJsonRpcError(), error.toRestStatus(), error.toJsonRpcErrorV03()]),
    ).not.toContain('hunter2');
  });

  it('wraps a foreign throwable as an InternalError without leaking its message', () => {
    const wrapped = A2AError.fromUnknown(new TypeError('secret detail'));
    expect(wrapped).toMatchObject({ name: 'InternalError', code: -32603, message: 'Internal error' });
    expect(wrapped.cause).toBeInstanceOf(TypeError);
    const original = A2AError.taskNotFound('t');
    expect(A2AError.fromUnknown(original)).toBe(original);
  });

  it('drops empty metadata', () => {
    expect(A2AError.from('InternalError', { metadata: {} }).metadata).toBeUndefined();
  });
});

describe('isA2AError', () => {
  it('recognizes A2AErrors and rejects look-alikes', () => {
    expect(isA2AError(A2AError.taskNotFound('t'))).toBe(true);
    expect(isA2AError(new Error('x'))).toBe(false);
    expect(isA2AError({ code: -32001, reason: 'TASK_NOT_FOUND' })).toBe(false);
    expect(isA2AError(null)).toBe(false);
  });

  it('narrows by error name', () => {
    const error = A2AError.taskNotFound('t');
    expect(isA2AError(error, 'TaskNotFoundError')).toBe(true);
    expect(isA2AError(error, 'InternalError')).toBe(false);
  });

  it('is an Error that prints its table name', () => {
    const error = A2AError.unsupportedOperation('streaming is off');
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toBe('UnsupportedOperationError: streaming is off');
  });
});

describe('A2AError.permissionDenied', () => {
  it('is a -32600 whose reason gives HTTP+JSON the authorization status: 403 PERMISSION_DENIED', () => {
    const error = A2AError.permissionDenied('You may not use the skill admin', { skillId: 'admin' });
    expect([error.code, error.reason, error.metadata]).toEqual([
      -32600,
      'PERMISSION_DENIED',
      { skillId: 'admin' },
    ]);
    const rest = error.toRestStatus();
    expect([rest.httpStatus, rest.body.error.status, rest.body.error.code]).toEqual([
      403,
      'PERMISSION_DENIED',
      403,
    ]);
    expect(error.toRestStatusV03().httpStatus).toBe(403);
    // Read back by a client, the reason survives, as for the 403 of a refused authentication.
    const read = A2AError.fromRestStatus(rest.httpStatus, JSON.parse(JSON.stringify(rest.body)));
    expect(read.reason).toBe('PERMISSION_DENIED');
  });
});
