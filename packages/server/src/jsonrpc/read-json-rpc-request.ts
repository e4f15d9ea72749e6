import { A2AError, assertJsonDepth, assertJsonTextDepth, type JsonRpcId } from '@baton/protocol';

/** A JSON-RPC request that passed the envelope checks; `params` is `{}` when the request had none. */
export interface JsonRpcCall {
  readonly id: JsonRpcId;
  readonly method: string;
  readonly params: Readonly<Record<string, unknown>>;
  /**
   * Whether the request had an `id`. Without one it is a notification, which A2A refuses (-32600), but only
   * after the method and params are checked, as the official SDKs answer: an unknown method is -32601 and
   * params that are not an object -32602 with or without `id`.
   */
  readonly hasId: boolean;
}

/** The outcome of {@link readJsonRpcRequest}: the call, or the error to answer with and the id to answer to. */
export type ReadJsonRpcRequestResult =
  | { readonly ok: true; readonly call: JsonRpcCall }
  | { readonly ok: false; readonly id: JsonRpcId; readonly error: A2AError };

/**
 * Reads one JSON-RPC 2.0 request from a body's text. Unparseable JSON is -32700 (id null). A batch, a
 * non-object, `jsonrpc` other than "2.0", a method that is not a string, an id that is not a string, a finite
 * number or null are -32600, answered to the id when it is readable. Params that are not an object are -32602.
 * A missing `id` is reported in `hasId` for the binding to refuse once the method is known (see JsonRpcCall).
 * `params: null` reads as no params. Params nested deeper than `MAX_JSON_DEPTH` are -32602, naming where.
 */
export function readJsonRpcRequest(text: string): ReadJsonRpcRequestResult {
  try {
    // Before parsing: a deep body would cost a tree many times its size (params are one level below the top).
    assertJsonTextDepth(text, 'params', 1);
  } catch (error) {
    return { ok: false, id: null, error: error as A2AError };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? `: ${error.message}` : '';
    return { ok: false, id: null, error: A2AError.jsonParse(`Invalid JSON payload${detail}`, error) };
  }
  if (Array.isArray(body)) {
    return invalid(null, '', 'batch requests are not supported; send one request per HTTP request');
  }
  if (typeof body !== 'object' || body === null) {
    return invalid(null, '', 'the body must be a JSON-RPC request object');
  }
  const envelope = body as Record<string, unknown>;
  const rawId = envelope.id;
  const idIsValid = rawId === null || typeof rawId === 'string' || Number.isFinite(rawId);
  const id: JsonRpcId = idIsValid ? (rawId as JsonRpcId) : null;
  if (envelope.jsonrpc !== '2.0') return invalid(id, 'jsonrpc', 'must be "2.0"');
  if (typeof envelope.method !== 'string') return invalid(id, 'method', 'must be a string');
  const hasId = 'id' in envelope;
  if (hasId && !idIsValid) return invalid(null, 'id', 'must be a string, a number or null');
  const params = envelope.params ?? {};
  if (typeof params !== 'object' || Array.isArray(params)) {
    const error = A2AError.invalidParams('Invalid parameters: params must be an object', [
      { field: 'params', description: 'must be an object' },
    ]);
    return { ok: false, id, error };
  }
  try {
    // Before any validation: a value nested thousands of levels deep would exhaust the validator's stack.
    assertJsonDepth(params, 'params');
  } catch (error) {
    return { ok: false, id, error: error as A2AError };
  }
  return {
    ok: true,
    call: { id, method: envelope.method, params: params as Record<string, unknown>, hasId },
  };
}

function invalid(id: JsonRpcId, field: string, description: string): ReadJsonRpcRequestResult {
  const message = `Invalid request: ${field === '' ? '' : `${field} `}${description}`;
  return { ok: false, id, error: A2AError.invalidRequest(message, [{ field, description }]) };
}

/** The -32600 answer to a request without `id` (a notification): every A2A method answers. */
export function notificationRefused(): A2AError {
  return A2AError.invalidRequest(
    'Invalid request: id is required: A2A methods all answer, so notifications are not supported',
    [{ field: 'id', description: 'is required: A2A methods all answer, so notifications are not supported' }],
  );
}
