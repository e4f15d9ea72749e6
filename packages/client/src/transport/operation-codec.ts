import {
  A2A_METHODS,
  A2A_OPERATIONS,
  type A2AMethod,
  type A2AOperationName,
  type OperationRequest,
  type OperationResult,
  operationName,
} from '@baton/protocol';

/** How one operation's request goes on the wire and its result comes back, for one binding and version. */
export interface OperationCodec<Request, Result, Wire> {
  /** The wire form of the request (JSON-RPC method and params, or REST route, query and body). */
  encode(request: Request): Wire;
  /** Validates (and translates) the result; throws on a malformed one. */
  decode(raw: unknown): Result;
  /**
   * The result carries nothing (a push config delete): a JSON-RPC response without `result` is accepted, as some
   * servers send it (docs/client.md, "Where the client is lenient").
   */
  readonly resultMayBeMissing?: boolean;
}

/** The codecs of every operation (from `@baton/protocol`'s operations table); `listTasks` is absent where the version has none (0.3). */
export type OperationCodecs<Wire> = {
  readonly [Method in Exclude<A2AMethod, 'ListTasks'> as Uncapitalize<Method>]: OperationCodec<
    OperationRequest<Method>,
    OperationResult<Method>,
    Wire
  >;
} & {
  readonly listTasks?: OperationCodec<OperationRequest<'ListTasks'>, OperationResult<'ListTasks'>, Wire>;
};

/** The operation names a transport serves (the `Transport` methods). */
export type OperationName = A2AOperationName;

/** The PascalCase A2A 1.0 name of each operation (JSON-RPC method, interceptor `operation`). */
export const OPERATION_METHODS = Object.fromEntries(
  A2A_METHODS.map((method) => [operationName(method), method]),
) as Readonly<Record<OperationName, A2AMethod>>;

/** Operations safe to repeat after a failure (spec §3.3.1; CancelTask is idempotent). */
export const IDEMPOTENT_OPERATIONS: ReadonlySet<OperationName> = new Set<OperationName>(
  A2A_METHODS.filter((method) => A2A_OPERATIONS[method].idempotent).map((method) => operationName(method)),
);
