import * as z from 'zod/mini';
import { preprocess } from './preprocess.ts';

/**
 * ProtoJSON forms of the proto scalar and well-known types used by the A2A 1.0 messages: `int32`, `bytes`,
 * `google.protobuf.Timestamp`, `google.protobuf.Struct` and `google.protobuf.Value`, plus the rule for REQUIRED
 * strings.
 */

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

/**
 * A REQUIRED proto3 string: present and set. Proto3 cannot tell `""` from unset, so an empty string does not
 * satisfy REQUIRED.
 */
export const RequiredStringSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
  .check(z.minLength(1, { error: 'must not be empty (the field is REQUIRED)' }));
/** A non-empty string. */
export type RequiredString = z.infer<typeof RequiredStringSchema>;

/** An `int32`: a JSON number or, as ProtoJSON allows, a decimal string (`"5"` reads as 5). */
export const Int32Schema = preprocess(
  (input) => (typeof input === 'string' && /^-?\d+$/.test(input) ? Number(input) : input),
  z
    .number({ error: 'must be an integer (a JSON number or a decimal string)' })
    .check(z.int({ error: 'must be a whole number' }))
    .check(z.gte(INT32_MIN, { error: 'must fit in a signed 32-bit integer' }))
    .check(z.lte(INT32_MAX, { error: 'must fit in a signed 32-bit integer' })),
);
/** A parsed `int32`. */
export type Int32 = z.infer<typeof Int32Schema>;

/**
 * A non-negative `int64` that fits a JS number (a task generation): a JSON number or, as ProtoJSON writes int64, a
 * decimal string. Baton writes it as a number, which ProtoJSON parsers accept too.
 */
export const GenerationSchema = preprocess(
  (input) => (typeof input === 'string' && /^\d+$/.test(input) ? Number(input) : input),
  z
    .number({ error: 'must be a generation (a JSON number or a decimal string)' })
    .check(z.int({ error: 'must be a whole number' }))
    .check(z.gte(0, { error: 'must not be negative' }))
    .check(z.lte(Number.MAX_SAFE_INTEGER, { error: 'is too large' })),
);

// Whole 4-character groups, then an optional 2- or 3-character tail whose `=` padding may be left off.
const BASE64_STANDARD = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}(?:==)?|[A-Za-z0-9+/]{3}=?)?$/;
const BASE64_URL_SAFE = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2}(?:==)?|[A-Za-z0-9_-]{3}=?)?$/;

/** A `bytes` field: base64 in the standard or URL-safe alphabet, padding optional, kept exactly as sent. */
export const BytesSchema = z.string({ error: 'must be a base64 string' }).check(
  z.refine((value) => BASE64_STANDARD.test(value) || BASE64_URL_SAFE.test(value), {
    error: 'must be base64 (standard or URL-safe alphabet, = padding optional, no whitespace)',
  }),
);
/** Base64-encoded bytes. */
export type Bytes = z.infer<typeof BytesSchema>;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2}))?$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isRealDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  if (!match) return false;
  // The pattern guarantees the six date and time groups; only the offset groups may be missing.
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offsetHour = 0, offsetMinute = 0] =
    match.slice(1).map((group) => (group === undefined ? undefined : Number(group)));
  const dateIsReal = year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
  const timeIsReal = hour <= 23 && minute <= 59 && second <= 59 && offsetHour <= 23 && offsetMinute <= 59;
  return dateIsReal && timeIsReal;
}

/**
 * A `google.protobuf.Timestamp`: an RFC 3339 date-time, kept exactly as sent. `Z`, an offset such as `+02:00`, or
 * no zone at all (a2a-python sends `2025-04-02T16:59:25.331844`) are accepted, with any fractional precision.
 */
export const TimestampSchema = z.string({ error: 'must be a timestamp string' }).check(
  z.refine(isRealDateTime, {
    error:
      'must be an RFC 3339 date-time such as 2025-04-02T16:59:25.331Z (Z, an offset like +02:00, or no zone)',
  }),
);
/** An RFC 3339 date-time string. */
export type Timestamp = z.infer<typeof TimestampSchema>;

/** A `google.protobuf.Struct`: any JSON object; its keys are left exactly as sent. */
export const StructSchema = z.record(z.string(), z.unknown(), { error: 'must be a JSON object' });
/** A JSON object. */
export type Struct = z.infer<typeof StructSchema>;

/** A `google.protobuf.Value`: any JSON value, including `null`. */
export const JsonValueSchema: z.ZodMiniJSONSchema = z.lazy(() =>
  z.union([
    z.string({ error: 'must be a JSON value' }),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(JsonValueSchema),
    z.record(z.string(), JsonValueSchema),
  ]),
) as unknown as z.ZodMiniJSONSchema;
/** Any JSON value. */
export type JsonValue = z.infer<typeof JsonValueSchema>;
