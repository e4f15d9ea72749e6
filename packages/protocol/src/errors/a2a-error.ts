import { decodeJsonRpcError, decodeRestStatus } from './decode-error.ts';
import {
  A2A_ERROR_DOMAIN,
  A2A_ERRORS,
  type A2AErrorName,
  errorByCode,
  type RpcStatusName,
} from './error-codes.ts';
import {
  BAD_REQUEST_TYPE,
  type BadRequest,
  ERROR_INFO_TYPE,
  type ErrorDetail,
  type ErrorInfo,
  type FieldViolation,
} from './error-wire.ts';

/** Optional parts of an {@link A2AError}; anything left out comes from the error table. */
export interface A2AErrorOptions {
  /** Human-readable message; defaults to the table's message. */
  readonly message?: string;
  /** ErrorInfo reason; defaults to the table's reason for the code. */
  readonly reason?: string;
  /** ErrorInfo metadata (string values only, as in google.rpc.ErrorInfo). */
  readonly metadata?: Readonly<Record<string, string>>;
  /** Further `@type` details sent after the ErrorInfo, e.g. a google.rpc.BadRequest. */
  readonly details?: readonly ErrorDetail[];
  /** The underlying failure; kept locally, never serialized. */
  readonly cause?: unknown;
}

/** Everything needed to build an {@link A2AError}: a JSON-RPC code plus the optional parts. */
export interface A2AErrorInit extends A2AErrorOptions {
  readonly code: number;
}

/** The 1.0 JSON-RPC error object: ErrorInfo first in `data`, then the other details. */
export interface A2AJsonRpcError {
  code: number;
  message: string;
  data: ErrorDetail[];
}

/** The 0.3 JSON-RPC error object: `data` is a plain object. */
export interface A2AJsonRpcErrorV03 {
  code: number;
  message: string;
  data?: Record<string, unknown>;
}

/** A 0.3 HTTP+JSON error response: the status line and the 0.3 JSON-RPC error object as body. */
export interface A2ARestStatusV03 {
  httpStatus: number;
  body: A2AJsonRpcErrorV03;
}

/** An HTTP+JSON error response: the status line and the google.rpc.Status body. */
export interface A2ARestStatus {
  httpStatus: number;
  body: { error: { code: number; status: RpcStatusName; message: string; details: ErrorDetail[] } };
}

// Symbol.for so two copies of this module (e.g. two bundles) still recognize each other's errors.
const BRAND = Symbol.for('@baton/protocol/A2AError');

/** An error any A2A peer can send or receive, with serializers for every binding and parsers back. */
export class A2AError extends Error {
  /** JSON-RPC code; may be one outside the table when read from a peer. */
  readonly code: number;
  /** google.rpc.ErrorInfo reason, e.g. `TASK_NOT_FOUND`. */
  readonly reason: string;
  /** google.rpc.ErrorInfo metadata, if any. */
  readonly metadata: Readonly<Record<string, string>> | undefined;
  /** Details other than the ErrorInfo. */
  readonly details: readonly ErrorDetail[];

  constructor(init: A2AErrorInit) {
    const definition = errorByCode(init.code);
    super(init.message || definition?.message || 'Unknown error', optionsWithCause(init.cause));
    this.name = definition?.name ?? 'A2AError';
    this.code = init.code;
    this.reason = init.reason ?? definition?.reason ?? 'UNKNOWN';
    this.metadata = init.metadata && Object.keys(init.metadata).length > 0 ? { ...init.metadata } : undefined;
    this.details = [...(init.details ?? [])];
  }

  /** Builds any error in the table by name. */
  static from(name: A2AErrorName, options: A2AErrorOptions = {}): A2AError {
    return new A2AError({ ...options, code: A2A_ERRORS[name].code });
  }

  /** Keeps an A2AError as is and wraps anything else as an InternalError whose message leaks nothing. */
  static fromUnknown(error: unknown): A2AError {
    return isA2AError(error) ? error : A2AError.from('InternalError', { cause: error });
  }

  /** -32700: the body was not valid JSON. */
  static jsonParse(message?: string, cause?: unknown): A2AError {
    return A2AError.from('JSONParseError', { ...withMessage(message), cause });
  }

  /** -32600: the envelope is not a valid request. */
  static invalidRequest(message?: string, fieldViolations: readonly FieldViolation[] = []): A2AError {
    return A2AError.from('InvalidRequestError', {
      ...withMessage(message),
      details: badRequest(fieldViolations),
    });
  }

  /** -32601: no such method. */
  static methodNotFound(method: string): A2AError {
    return A2AError.from('MethodNotFoundError', {
      message: `Method not found: ${method}`,
      metadata: { method },
    });
  }

  /** -32602: the params failed validation; field violations travel as a google.rpc.BadRequest. */
  static invalidParams(message?: string, fieldViolations: readonly FieldViolation[] = []): A2AError {
    return A2AError.from('InvalidParamsError', {
      ...withMessage(message),
      details: badRequest(fieldViolations),
    });
  }

  /** -32603: something broke on this side. */
  static internal(message?: string, cause?: unknown): A2AError {
    return A2AError.from('InternalError', { ...withMessage(message), cause });
  }

  /** -32001: the task does not exist or is not visible to the caller. */
  static taskNotFound(taskId: string): A2AError {
    return A2AError.from('TaskNotFoundError', { message: `Task not found: ${taskId}`, metadata: { taskId } });
  }

  /** -32002: the task is in a state that cannot be canceled. */
  static taskNotCancelable(taskId: string, state?: string): A2AError {
    const message = `Task ${taskId} cannot be canceled${state ? ` in state ${state}` : ''}`;
    return A2AError.from('TaskNotCancelableError', {
      message,
      metadata: { taskId, ...(state ? { state } : {}) },
    });
  }

  /**
   * -32010 (A2A 1.1 draft): a send's `ifGenerationMatch` is not the task's generation any more; the caller should
   * read the task again and decide.
   */
  static taskGenerationMismatch(taskId: string, expected: number, current: number): A2AError {
    return A2AError.from('TaskGenerationMismatchError', {
      message: `Task generation mismatch: expected ${expected} but the task ${taskId} is at ${current}`,
      metadata: { taskId, expectedGeneration: String(expected), currentGeneration: String(current) },
    });
  }

  /**
   * -32600 with reason `PERMISSION_DENIED`: the caller is authenticated but may not do this (a skill whose security
   * requirements it does not meet). HTTP+JSON answers it 403 `PERMISSION_DENIED`, as a refused authorization.
   */
  static permissionDenied(message: string, metadata: Readonly<Record<string, string>> = {}): A2AError {
    return A2AError.from('InvalidRequestError', {
      message,
      reason: 'PERMISSION_DENIED',
      metadata: { ...metadata },
    });
  }

  /** -32003: the agent does not support push notifications. */
  static pushNotificationNotSupported(): A2AError {
    return A2AError.from('PushNotificationNotSupportedError');
  }

  /** -32004: the operation (or this use of it) is not supported. */
  static unsupportedOperation(message?: string): A2AError {
    return A2AError.from('UnsupportedOperationError', withMessage(message));
  }

  /** -32005: a media type in the request is not supported. */
  static contentTypeNotSupported(mediaType?: string): A2AError {
    if (!mediaType) return A2AError.from('ContentTypeNotSupportedError');
    const message = `Content type not supported: ${mediaType}`;
    return A2AError.from('ContentTypeNotSupportedError', { message, metadata: { mediaType } });
  }

  /** -32006: a (downstream) agent answered with something that breaks the spec. */
  static invalidAgentResponse(message?: string, cause?: unknown): A2AError {
    return A2AError.from('InvalidAgentResponseError', { ...withMessage(message), cause });
  }

  /** -32007: the agent declares an extended card but has none configured. */
  static extendedAgentCardNotConfigured(): A2AError {
    return A2AError.from('ExtendedAgentCardNotConfiguredError');
  }

  /** -32008: the agent requires extensions the client did not activate. */
  static extensionSupportRequired(uris: readonly string[]): A2AError {
    const message = `Extension support is required: ${uris.join(', ')}`;
    return A2AError.from('ExtensionSupportRequiredError', {
      message,
      metadata: { extensions: uris.join(',') },
    });
  }

  /** -32009: the requested `A2A-Version` is not supported; names the supported versions when given. */
  static versionNotSupported(version: string, supportedVersions: readonly string[] = []): A2AError {
    const supported =
      supportedVersions.length > 0 ? `; supported versions: ${supportedVersions.join(', ')}` : '';
    return A2AError.from('VersionNotSupportedError', {
      message: `A2A protocol version "${version}" is not supported${supported}`,
      metadata: {
        version,
        ...(supportedVersions.length > 0 ? { supportedVersions: supportedVersions.join(',') } : {}),
      },
    });
  }

  /** Reads a JSON-RPC error object (1.0 array `data`, 0.3 object `data`, or none); never throws. */
  static fromJsonRpcError(value: unknown): A2AError {
    return new A2AError(decodeJsonRpcError(value));
  }

  /** Reads an HTTP+JSON error response (google.rpc.Status, a2a-js 0.3 or a2a-python 0.3 bodies); never throws. */
  static fromRestStatus(httpStatus: number, body: unknown): A2AError {
    return new A2AError(decodeRestStatus(httpStatus, body));
  }

  /** The google.rpc.ErrorInfo describing this error. */
  toErrorInfo(): ErrorInfo {
    return {
      '@type': ERROR_INFO_TYPE,
      reason: this.reason,
      domain: A2A_ERROR_DOMAIN,
      ...(this.metadata ? { metadata: { ...this.metadata } } : {}),
    };
  }

  /** The 1.0 JSON-RPC error object (spec §9.5). */
  toJsonRpcError(): A2AJsonRpcError {
    return { code: this.code, message: this.message, data: [this.toErrorInfo(), ...this.details] };
  }

  /** The 0.3 JSON-RPC error object: metadata become `data` fields, other details go under `data.details`. */
  toJsonRpcErrorV03(): A2AJsonRpcErrorV03 {
    const data: Record<string, unknown> = { ...this.metadata };
    if (this.details.length > 0) data.details = [...this.details];
    return { code: this.code, message: this.message, ...(Object.keys(data).length > 0 ? { data } : {}) };
  }

  /** The HTTP+JSON error response (spec §11.6); errors outside the table become 500 INTERNAL. */
  toRestStatus(): A2ARestStatus {
    const definition = errorByCode(this.code);
    const auth = AUTH_STATUS_BY_REASON.get(this.reason);
    const httpStatus = auth?.httpStatus ?? definition?.httpStatus ?? 500;
    const status = auth?.status ?? definition?.status ?? 'INTERNAL';
    const details = [this.toErrorInfo(), ...this.details];
    return { httpStatus, body: { error: { code: httpStatus, status, message: this.message, details } } };
  }

  /**
   * The 0.3 HTTP+JSON error response. 0.3 left the body open; real 0.3 peers (a2a-js) send the 0.3 JSON-RPC
   * error object and only map that body to typed errors, so that is what this writes, with the 1.0.1 status.
   */
  toRestStatusV03(): A2ARestStatusV03 {
    const httpStatus =
      AUTH_STATUS_BY_REASON.get(this.reason)?.httpStatus ?? errorByCode(this.code)?.httpStatus ?? 500;
    return { httpStatus, body: this.toJsonRpcErrorV03() };
  }
}

Object.defineProperty(A2AError.prototype, BRAND, { value: true });

/** Refusals whose HTTP status is the authorization's, not the error row's (a -32600 carrying that reason). */
const AUTH_STATUS_BY_REASON: ReadonlyMap<
  string,
  { readonly httpStatus: number; readonly status: RpcStatusName }
> = new Map([
  ['UNAUTHENTICATED', { httpStatus: 401, status: 'UNAUTHENTICATED' }],
  ['PERMISSION_DENIED', { httpStatus: 403, status: 'PERMISSION_DENIED' }],
]);

/** Whether `value` is an {@link A2AError} (optionally: the one named `name`). */
export function isA2AError(value: unknown, name?: A2AErrorName): value is A2AError {
  if (typeof value !== 'object' || value === null || !(BRAND in value)) return false;
  return name === undefined || ('code' in value && value.code === A2A_ERRORS[name].code);
}

function optionsWithCause(cause: unknown): ErrorOptions | undefined {
  return cause === undefined ? undefined : { cause };
}

function withMessage(message: string | undefined): { message?: string } {
  return message ? { message } : {};
}

function badRequest(fieldViolations: readonly FieldViolation[]): BadRequest[] {
  if (fieldViolations.length === 0) return [];
  return [{ '@type': BAD_REQUEST_TYPE, fieldViolations: fieldViolations.map((v) => ({ ...v })) }];
}
