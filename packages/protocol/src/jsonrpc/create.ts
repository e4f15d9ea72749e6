import type { A2AError, A2AJsonRpcError, A2AJsonRpcErrorV03 } from '../errors/a2a-error.ts';
import type { JsonRpcId } from './envelope.ts';

/** The protocol version whose error form a JSON-RPC error response uses. */
export interface JsonRpcErrorOptions {
  /** `1.0`: `data` is an array led by google.rpc.ErrorInfo; `0.3`: `data` is a plain object. */
  readonly version: '1.0' | '0.3';
}

/** Builds a request; leave `id` out for a notification. */
export function createJsonRpcRequest<Params extends Record<string, unknown>>(
  method: string,
  params?: Params,
  id?: JsonRpcId,
): { jsonrpc: '2.0'; method: string; id?: JsonRpcId; params?: Params } {
  return {
    jsonrpc: '2.0',
    ...(id === undefined ? {} : { id }),
    method,
    ...(params === undefined ? {} : { params }),
  };
}

/** Builds a success response. */
export function createJsonRpcSuccess<Result>(
  id: JsonRpcId,
  result: Result,
): { jsonrpc: '2.0'; id: JsonRpcId; result: Result } {
  return { jsonrpc: '2.0', id, result };
}

/** Builds an error response in the error form of the given protocol version. */
export function createJsonRpcError(
  id: JsonRpcId,
  error: A2AError,
  options: JsonRpcErrorOptions,
): { jsonrpc: '2.0'; id: JsonRpcId; error: A2AJsonRpcError | A2AJsonRpcErrorV03 } {
  return {
    jsonrpc: '2.0',
    id,
    error: options.version === '0.3' ? error.toJsonRpcErrorV03() : error.toJsonRpcError(),
  };
}
