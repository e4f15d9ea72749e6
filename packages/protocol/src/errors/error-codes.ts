/**
 * The one table of every error an A2A peer can send: the five standard JSON-RPC errors, the A2A
 * errors -32001..-32009, and -32010 of the 1.1 draft. HTTP status and google.rpc status follow the v1.0.1 mapping (spec §5.4); the
 * standard errors, which §5.4 does not cover, follow the §3.3.2 categories (validation → 400
 * INVALID_ARGUMENT, not found → 404 NOT_FOUND, system → 500 INTERNAL). Everything else is derived.
 */

/** `google.rpc.ErrorInfo.domain` for every A2A error (spec §10.6, §11.6). */
export const A2A_ERROR_DOMAIN = 'a2a-protocol.org';

/** The google.rpc.Code names, as they appear in the `status` field of a google.rpc.Status body. */
export const RPC_STATUS_NAMES = [
  'OK',
  'CANCELLED',
  'UNKNOWN',
  'INVALID_ARGUMENT',
  'DEADLINE_EXCEEDED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'PERMISSION_DENIED',
  'RESOURCE_EXHAUSTED',
  'FAILED_PRECONDITION',
  'ABORTED',
  'OUT_OF_RANGE',
  'UNIMPLEMENTED',
  'INTERNAL',
  'UNAVAILABLE',
  'DATA_LOSS',
  'UNAUTHENTICATED',
] as const;

/** A google.rpc.Code name such as `NOT_FOUND`. */
export type RpcStatusName = (typeof RPC_STATUS_NAMES)[number];

/** The shape every row of {@link A2A_ERRORS} has. */
export interface A2AErrorRow {
  /** JSON-RPC `error.code`. */
  readonly code: number;
  /** `google.rpc.ErrorInfo.reason`: the error name in UPPER_SNAKE_CASE without `Error`. */
  readonly reason: string;
  /** Default human-readable message. */
  readonly message: string;
  /** HTTP status for the HTTP+JSON binding (v1.0.1 mapping). */
  readonly httpStatus: number;
  /** google.rpc.Code name for the REST body and gRPC. */
  readonly status: RpcStatusName;
  /** First protocol version that defines the error (`1.1`: the 1.1 draft, sent only behind its extension). */
  readonly since: '0.3' | '1.0' | '1.1';
  /** The error's name in 0.3, when it differs. */
  readonly v03Name?: string;
}

/** Every JSON-RPC and A2A error, keyed by its 1.0 name. */
export const A2A_ERRORS = {
  JSONParseError: {
    code: -32700,
    reason: 'JSON_PARSE',
    message: 'Invalid JSON payload',
    httpStatus: 400,
    status: 'INVALID_ARGUMENT',
    since: '0.3',
  },
  InvalidRequestError: {
    code: -32600,
    reason: 'INVALID_REQUEST',
    message: 'Request payload validation error',
    httpStatus: 400,
    status: 'INVALID_ARGUMENT',
    since: '0.3',
  },
  MethodNotFoundError: {
    code: -32601,
    reason: 'METHOD_NOT_FOUND',
    message: 'Method not found',
    httpStatus: 404,
    status: 'NOT_FOUND',
    since: '0.3',
  },
  InvalidParamsError: {
    code: -32602,
    reason: 'INVALID_PARAMS',
    message: 'Invalid parameters',
    httpStatus: 400,
    status: 'INVALID_ARGUMENT',
    since: '0.3',
  },
  // `INTERNAL_ERROR`, not `INTERNAL`: the name rule would give the latter, but a2a-js and a2a-python both send this.
  InternalError: {
    code: -32603,
    reason: 'INTERNAL_ERROR',
    message: 'Internal error',
    httpStatus: 500,
    status: 'INTERNAL',
    since: '0.3',
  },
  TaskNotFoundError: {
    code: -32001,
    reason: 'TASK_NOT_FOUND',
    message: 'Task not found',
    httpStatus: 404,
    status: 'NOT_FOUND',
    since: '0.3',
  },
  TaskNotCancelableError: {
    code: -32002,
    reason: 'TASK_NOT_CANCELABLE',
    message: 'Task cannot be canceled',
    httpStatus: 400,
    status: 'FAILED_PRECONDITION',
    since: '0.3',
  },
  PushNotificationNotSupportedError: {
    code: -32003,
    reason: 'PUSH_NOTIFICATION_NOT_SUPPORTED',
    message: 'Push Notification is not supported',
    httpStatus: 400,
    status: 'FAILED_PRECONDITION',
    since: '0.3',
  },
  UnsupportedOperationError: {
    code: -32004,
    reason: 'UNSUPPORTED_OPERATION',
    message: 'This operation is not supported',
    httpStatus: 400,
    status: 'FAILED_PRECONDITION',
    since: '0.3',
  },
  ContentTypeNotSupportedError: {
    code: -32005,
    reason: 'CONTENT_TYPE_NOT_SUPPORTED',
    message: 'Incompatible content types',
    httpStatus: 400,
    status: 'INVALID_ARGUMENT',
    since: '0.3',
  },
  InvalidAgentResponseError: {
    code: -32006,
    reason: 'INVALID_AGENT_RESPONSE',
    message: 'Invalid agent response',
    httpStatus: 500,
    status: 'INTERNAL',
    since: '0.3',
  },
  ExtendedAgentCardNotConfiguredError: {
    code: -32007,
    reason: 'EXTENDED_AGENT_CARD_NOT_CONFIGURED',
    message: 'Extended Agent Card is not configured',
    httpStatus: 400,
    status: 'FAILED_PRECONDITION',
    since: '0.3',
    v03Name: 'AuthenticatedExtendedCardNotConfiguredError',
  },
  ExtensionSupportRequiredError: {
    code: -32008,
    reason: 'EXTENSION_SUPPORT_REQUIRED',
    message: 'Extension support is required',
    httpStatus: 400,
    status: 'FAILED_PRECONDITION',
    since: '1.0',
  },
  VersionNotSupportedError: {
    code: -32009,
    reason: 'VERSION_NOT_SUPPORTED',
    message: 'Protocol version is not supported',
    httpStatus: 400,
    status: 'FAILED_PRECONDITION',
    since: '1.0',
  },
  // The A2A 1.1 draft (a2aproject/A2A PR 1810): a send's `ifGenerationMatch` no longer matches the task.
  TaskGenerationMismatchError: {
    code: -32010,
    reason: 'TASK_GENERATION_MISMATCH',
    message: 'Task generation mismatch',
    httpStatus: 409,
    status: 'ABORTED',
    since: '1.1',
  },
} as const satisfies Record<string, A2AErrorRow>;

type Table = typeof A2A_ERRORS;

/** The 1.0 name of a known error, e.g. `TaskNotFoundError`. */
export type A2AErrorName = keyof Table;

/** The JSON-RPC code of a known error, e.g. `-32001`. */
export type A2AErrorCode = Table[A2AErrorName]['code'];

/** The ErrorInfo reason of a known error, e.g. `TASK_NOT_FOUND`. */
export type A2AErrorReason = Table[A2AErrorName]['reason'];

/** A table row together with its name. */
export type A2AErrorDefinition = { [N in A2AErrorName]: Table[N] & { readonly name: N } }[A2AErrorName];

/** Every row of the table with its name, in table order. */
export const A2A_ERROR_DEFINITIONS: readonly A2AErrorDefinition[] = Object.entries(A2A_ERRORS).map(
  ([name, row]) => ({ ...row, name }) as A2AErrorDefinition,
);

/** Reasons other peers send for our rows: a2a-js's JSON-RPC key, the plain name rule, and the 0.3 name. */
const REASON_ALIASES: Readonly<Record<string, A2AErrorName>> = {
  PARSE_ERROR: 'JSONParseError',
  INTERNAL: 'InternalError',
  AUTHENTICATED_EXTENDED_CARD_NOT_CONFIGURED: 'ExtendedAgentCardNotConfiguredError',
};

const byCode = new Map<number, A2AErrorDefinition>(A2A_ERROR_DEFINITIONS.map((d) => [d.code, d]));
const byReason = new Map<string, A2AErrorDefinition>(A2A_ERROR_DEFINITIONS.map((d) => [d.reason, d]));
const byName = new Map<string, A2AErrorDefinition>(A2A_ERROR_DEFINITIONS.map((d) => [d.name, d]));
for (const [alias, name] of Object.entries(REASON_ALIASES)) {
  const definition = byName.get(name);
  if (definition) byReason.set(alias, definition);
}
for (const definition of A2A_ERROR_DEFINITIONS) {
  if ('v03Name' in definition) byName.set(definition.v03Name, definition);
}

/** Looks up a row by JSON-RPC code. */
export function errorByCode(code: number): A2AErrorDefinition | undefined {
  return byCode.get(code);
}

/** Looks up a row by ErrorInfo reason (also accepts the few aliases other SDKs send). */
export function errorByReason(reason: string): A2AErrorDefinition | undefined {
  return byReason.get(reason);
}

/** Looks up a row by error name (1.0 name, or the 0.3 name of -32007). */
export function errorByName(name: string): A2AErrorDefinition | undefined {
  return byName.get(name);
}

/** Whether `name` is the 1.0 name of a known error. */
export function isA2AErrorName(name: string): name is A2AErrorName {
  return Object.hasOwn(A2A_ERRORS, name);
}
