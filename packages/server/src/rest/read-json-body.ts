import { A2AError, assertJsonDepth, assertJsonTextDepth } from '@baton/protocol';
import { isJsonContentType } from '../binding/index.ts';

/** A request body read as JSON: its value (`undefined` when the body is empty), or why it cannot be read. */
export type JsonBody =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly unsupportedContentType: string };

/**
 * Reads a request body as JSON. An empty (or all-whitespace) body is `undefined`, whatever its `Content-Type`,
 * since bodiless POSTs (`:cancel`, `:subscribe`) often still carry one; a non-empty body must be
 * `application/json` or `application/a2a+json` (or unlabelled, as in the JSON-RPC binding), and text that is not
 * JSON throws a -32700 JSONParseError carrying the parser's message, and JSON nested deeper than `MAX_JSON_DEPTH`
 * throws InvalidParams naming where.
 */
export async function readJsonBody(request: Request): Promise<JsonBody> {
  const text = await request.text();
  if (text.trim() === '') return { ok: true, value: undefined };
  const contentType = request.headers.get('Content-Type');
  if (!isJsonContentType(contentType)) return { ok: false, unsupportedContentType: contentType ?? '' };
  // Before parsing: a deep body would cost a tree many times its size.
  assertJsonTextDepth(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw A2AError.jsonParse(`Invalid JSON payload: ${reason}`, error);
  }
  // Before any validation: a value nested thousands of levels deep would exhaust the validator's stack.
  assertJsonDepth(value);
  return { ok: true, value };
}
