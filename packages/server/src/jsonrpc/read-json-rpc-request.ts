import { A2AError, assertJsonDepth, type JsonRpcId } from '@baton/protocol';

/** A JSON-RPC request that passed the envelope checks; `params` is `{}` when the request had none. */
export interface JsonRpcCall {
  readonly id: JsonRpcId;
  readonly method: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/** The outcome of {@link readJsonRpcRequest}: the call, or the error to answer with and the id to answer to. */
export type ReadJsonRpcRequestResult =
  | { readonly ok: true; readonly call: JsonRpcCall }
  | { readonly ok: false; readonly id: JsonRpcId; readonly error: A2AError };

/**
 * Reads one JSON-RPC 2.0 request from a body's text. Unparseable JSON is -32700 (id null). A batch, a
 * non-object, `jsonrpc` other than "2.0", a method that is not a string, an id that is not a string, a finite
 * number or null, params that are not an object, and a notification (no `id`: every A2A method answers, so a
 * missing id is a client bug rather than fire-and-forget) are -32600, answered to the id when it is readable.
 * `params: null` reads as no params. Params nested deeper than `MAX_JSON_DEPTH` are -32602, naming where.
 */
export function readJsonRpcRequest(text: string): ReadJsonRpcRequestResult {
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
  if (!('id' in envelope)) {
    return invalid(null, 'id', 'is required: A2A methods all answer, so notifications are not supported');
  }
  if (!idIsValid) return invalid(null, 'id', 'must be a string, a number or null');
  const params = envelope.params ?? {};
  if (typeof params !== 'object' || Array.isArray(params)) return invalid(id, 'params', 'must be an object');
  try {
    // Before any validation: a value nested thousands of levels deep would exhaust the validator's stack.
    assertJsonDepth(params, 'params');
  } catch (error) {
    return { ok: false, id, error: error as A2AError };
  }
  return { ok: true, call: { id, method: envelope.method, params: params as Record<string, unknown> } };
}

function invalid(id: JsonRpcId, field: string, description: string): ReadJsonRpcRequestResult {
  const message = `Invalid request: ${field === '' ? '' : `${field} `}${description}`;
  return { ok: false, id, error: A2AError.invalidRequest(message, [{ field, description }]) };
}
