import {
  type A2AError,
  createJsonRpcError,
  createJsonRpcSuccess,
  JSON_MEDIA_TYPE,
  type JsonRpcId,
  type ProtocolVersion,
  SSE_MEDIA_TYPE,
} from '@baton/protocol';

/** Status and extra headers of a JSON-RPC HTTP response. */
export interface JsonRpcResponseInit {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A JSON-RPC response over HTTP: status 200 (errors too, as JSON-RPC over HTTP expects), `application/json`. */
const JSON_HEADERS: Readonly<Record<string, string>> = { 'Content-Type': JSON_MEDIA_TYPE };

export function jsonRpcHttpResponse(body: unknown, init: JsonRpcResponseInit = {}): Response {
  const headers = init.headers ? { ...init.headers, 'Content-Type': JSON_MEDIA_TYPE } : JSON_HEADERS;
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

/** The success response to `id`; a missing result is written as `null` so the envelope stays valid. */
export function jsonRpcResultResponse(id: JsonRpcId, result: unknown): Response {
  return jsonRpcHttpResponse(createJsonRpcSuccess(id, result === undefined ? null : result));
}

/** The error response to `id`, in the error format of `version` (1.0: ErrorInfo array; 0.3: object `data`). */
export function jsonRpcErrorResponse(
  id: JsonRpcId,
  error: A2AError,
  version: ProtocolVersion,
  init: JsonRpcResponseInit = {},
): Response {
  return jsonRpcHttpResponse(createJsonRpcError(id, error, { version }), init);
}

/**
 * The error response to `id` as a stream of one `event: error` frame (status 200, `text/event-stream`): how a
 * 0.3 streaming call that fails before its first event is answered. The 0.3 SDKs answer so, and their clients
 * read a streaming call's answer only as SSE (a plain JSON error loses its code there).
 */
export function jsonRpcErrorStreamResponse(
  id: JsonRpcId,
  error: A2AError,
  version: ProtocolVersion,
  init: JsonRpcResponseInit = {},
): Response {
  const frame = `event: error\ndata: ${JSON.stringify(createJsonRpcError(id, error, { version }))}\n\n`;
  const headers = { ...init.headers, 'Content-Type': SSE_MEDIA_TYPE, 'Cache-Control': 'no-cache' };
  return new Response(frame, { status: 200, headers });
}

/**
 * The `data` of one SSE frame: the JSON-RPC success response to `id` whose `result` is `toWire(event)`. The
 * envelope around the result is built once per stream, so each event costs one `JSON.stringify`.
 */
export function createJsonRpcFrameSerializer<Event>(
  id: JsonRpcId,
  toWire: (event: Event) => unknown,
): (event: Event) => string {
  const prefix = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`;
  return (event) => `${prefix}${JSON.stringify(toWire(event)) ?? 'null'}}`;
}
