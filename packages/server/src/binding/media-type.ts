import { A2A_MEDIA_TYPE, JSON_MEDIA_TYPE } from '@baton/protocol';

/** The request media types a JSON body may be sent with: `application/json` and `application/a2a+json`. */
export const JSON_REQUEST_MEDIA_TYPES: readonly string[] = [JSON_MEDIA_TYPE, A2A_MEDIA_TYPE];

/** The media type of a `Content-Type` value without parameters, lower-cased: `Application/JSON; charset=utf-8` → `application/json`. */
export function mediaTypeOf(contentType: string): string {
  return (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
}

/**
 * Whether a request body with this `Content-Type` may be read as JSON: `application/json` or
 * `application/a2a+json`, any parameters (charset) allowed. A missing type, `text/plain` and the form encodings
 * are refused: those are the types a web page may POST cross-origin without a CORS preflight, so accepting
 * them would let any page a user visits drive an agent that trusts its network (localhost, an intranet).
 */
export function isJsonContentType(contentType: string | null | undefined): boolean {
  if (contentType === null || contentType === undefined) return false;
  return JSON_REQUEST_MEDIA_TYPES.includes(mediaTypeOf(contentType));
}
