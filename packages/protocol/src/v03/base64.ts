import * as z from 'zod/mini';

// Standard alphabet; the `=` padding may be left off, but a lone trailing character never encodes a byte.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}(?:==)?|[A-Za-z0-9+/]{3}=?)?$/;

/** Base64 file content (standard alphabet, padding optional), kept exactly as sent. */
export const Base64Schema = z
  .string()
  .check(z.regex(BASE64, 'must be base64 (letters, digits, + and /, optionally padded with =)'));
/** A base64 string. */
export type Base64 = z.infer<typeof Base64Schema>;
