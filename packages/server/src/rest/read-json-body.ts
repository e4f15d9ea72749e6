import { A2AError, assertJsonDepth, assertJsonTextDepth } from '@baton/protocol';
import { isJsonContentType } from '../binding/index.ts';

/** A request body read as JSON: its value (`undefined` when the body is empty), or why it cannot be read. */
export type JsonBody =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly unsupportedContentType: string };

/**
 * Reads a request body as JSON. An empty (or all-whitespace) body is `undefined`, whatever its `Content-Type`,
 * since bodiless POSTs (`:cancel`, `:subscribe`) often still carry one (unless `requireContentType`: then every
 * body must be labelled JSON, an empty one too); a non-empty body must be
 * `application/json` or `application/a2a+json` (or unlabelled, as in the JSON-RPC binding), and text that is not
 * JSON throws a -32700 JSONParseError carrying the parser's message, and JSON nested deeper than `MAX_JSON_DEPTH`
 * throws InvalidParams naming where.
 */
export async function readJsonBody(
  request: Request,
  options: { readonly requireContentType?: boolean } = {},
): Promise<JsonBody> {
  const contentType = request.headers.get('Content-Type');
  // With cookie credentials, even an empty body must be labelled JSON (see `RestAppOptions`); unread.
  if (options.requireContentType && !isJsonContentType(contentType)) {
    return { ok: false, unsupportedContentType: contentType ?? '' };
  }
  const text = await request.text();
  if (text.trim() === '') return { ok: true, value: undefined };
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
