import { z } from 'zod';

/** Proto scalar forms used by the 0.3 REST (ProtoJSON) shapes: `bytes` and `int32`. */

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

// Whole 4-character groups, then an optional 2- or 3-character tail whose `=` padding may be left off.
const BASE64_STANDARD = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}(?:==)?|[A-Za-z0-9+/]{3}=?)?$/;
const BASE64_URL_SAFE = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2}(?:==)?|[A-Za-z0-9_-]{3}=?)?$/;

/** A ProtoJSON `bytes` field: base64 in the standard or URL-safe alphabet, padding optional, kept as sent. */
export const ProtoBytesSchema = z
  .string({ error: 'must be a base64 string' })
  .refine((value) => BASE64_STANDARD.test(value) || BASE64_URL_SAFE.test(value), {
    error: 'must be base64 (standard or URL-safe alphabet, = padding optional, no whitespace)',
  });
/** Base64-encoded bytes. */
export type ProtoBytes = z.infer<typeof ProtoBytesSchema>;

/** A ProtoJSON `int32`: a JSON number or, as ProtoJSON allows, a decimal string (`"5"` reads as 5). */
export const Int32Schema = z.preprocess(
  (input) => (typeof input === 'string' && /^-?\d+$/.test(input) ? Number(input) : input),
  z
    .number({ error: 'must be an integer (a JSON number or a decimal string)' })
    .int({ error: 'must be a whole number' })
    .min(INT32_MIN, { error: 'must fit in a signed 32-bit integer' })
    .max(INT32_MAX, { error: 'must fit in a signed 32-bit integer' }),
);
/** A parsed `int32`. */
export type Int32 = z.infer<typeof Int32Schema>;
