/**
 * The key of an `Idempotency-Key` header (IETF httpapi draft): a Structured Field string (`"…"`), or, as many
 * clients send it, the bare token. Printable ASCII, 1 to 255 characters; `undefined` for anything else.
 */
export function parseIdempotencyKey(header: string): string | undefined {
  const trimmed = header.trim();
  const quoted = trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"');
  const key = quoted ? trimmed.slice(1, -1).replace(/\\(["\\])/g, '$1') : trimmed;
  if (key.length === 0 || key.length > 255) return undefined;
  // Printable ASCII only; a bare token has no quotes or spaces (those need the quoted form).
  if (!/^[\x20-\x7e]+$/.test(key)) return undefined;
  if (!quoted && /[\s"]/.test(key)) return undefined;
  return key;
}
