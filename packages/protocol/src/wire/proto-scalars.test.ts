import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  BytesSchema,
  Int32Schema,
  JsonValueSchema,
  RequiredStringSchema,
  StructSchema,
  TimestampSchema,
} from './proto-scalars.ts';

function messageOf(schema: z.ZodMiniType, input: unknown): string | undefined {
  return schema.safeParse(input).error?.issues[0]?.message;
}

describe('Int32Schema', () => {
  it('accepts JSON numbers and decimal strings and outputs numbers', () => {
    expect(Int32Schema.parse(5)).toBe(5);
    expect(Int32Schema.parse('5')).toBe(5);
    expect(Int32Schema.parse('-12')).toBe(-12);
    expect(Int32Schema.parse(2_147_483_647)).toBe(2_147_483_647);
  });

  it('rejects fractions, out-of-range values and non-numeric strings', () => {
    expect(messageOf(Int32Schema, 1.5)).toBe('must be a whole number');
    expect(messageOf(Int32Schema, '1.5')).toBe('must be an integer (a JSON number or a decimal string)');
    expect(messageOf(Int32Schema, 2_147_483_648)).toBe('must fit in a signed 32-bit integer');
    expect(messageOf(Int32Schema, '-2147483649')).toBe('must fit in a signed 32-bit integer');
    expect(messageOf(Int32Schema, 'ten')).toBe('must be an integer (a JSON number or a decimal string)');
    expect(messageOf(Int32Schema, true)).toBe('must be an integer (a JSON number or a decimal string)');
  });
});

describe('BytesSchema', () => {
  it.each([
    ['standard alphabet with padding', 'aGk/Pz4+'],
    ['one padded byte', 'aQ=='],
    ['padding left off', 'aQ'],
    ['URL-safe alphabet', 'aGk_Pz4-'],
    ['two bytes, padding left off', 'aGk'],
    ['no bytes at all', ''],
  ])('accepts %s', (_, value) => {
    expect(BytesSchema.parse(value)).toBe(value);
  });

  it.each([
    ['characters outside base64', 'aGk!'],
    ['an impossible length', 'aGkhY'],
    ['whitespace', 'aGk/ Pz4+'],
    ['the two alphabets mixed', 'a+b_'],
    ['padding in the middle', 'aQ==aQ=='],
    ['an elided example', 'iVBORw0KGgo...'],
  ])('rejects %s', (_, value) => {
    expect(messageOf(BytesSchema, value)).toBe(
      'must be base64 (standard or URL-safe alphabet, = padding optional, no whitespace)',
    );
  });

  it('rejects a non-string', () => {
    expect(messageOf(BytesSchema, [1, 2])).toBe('must be a base64 string');
  });
});

describe('TimestampSchema', () => {
  it.each([
    ['UTC with milliseconds', '2025-10-28T10:30:00.000Z'],
    ['UTC without a fraction', '2024-03-15T10:15:00Z'],
    ['microseconds', '2025-04-17T17:47:09.680794Z'],
    ['nanoseconds', '2025-04-17T17:47:09.680794123Z'],
    ['an offset', '2025-04-02T16:59:25.331+05:30'],
    ['no zone, as a2a-python sends', '2025-04-02T16:59:25.331844'],
    ['a leap day', '2024-02-29T00:00:00Z'],
  ])('accepts %s and keeps the string as sent', (_, value) => {
    expect(TimestampSchema.parse(value)).toBe(value);
  });

  it.each([
    ['a date alone', '2025-04-02'],
    ['no seconds', '2025-04-02T16:59Z'],
    ['a space instead of T', '2025-04-02 16:59:25Z'],
    ['a day that does not exist', '2025-02-29T10:00:00Z'],
    ['hour 24', '2025-04-02T24:00:00Z'],
    ['second 60', '2025-04-02T23:59:60Z'],
    ['month 13', '2025-13-02T10:00:00Z'],
    ['year 0', '0000-01-01T00:00:00Z'],
    ['an offset without a colon', '2025-04-02T16:59:25+0530'],
    ['an offset hour out of range', '2025-04-02T16:59:25+24:00'],
    ['prose', 'yesterday'],
  ])('rejects %s', (_, value) => {
    expect(messageOf(TimestampSchema, value)).toBe(
      'must be an RFC 3339 date-time such as 2025-04-02T16:59:25.331Z (Z, an offset like +02:00, or no zone)',
    );
  });

  it('rejects epoch numbers', () => {
    expect(messageOf(TimestampSchema, 1_700_000_000)).toBe('must be a timestamp string');
  });
});

describe('RequiredStringSchema', () => {
  it('says a missing field is required and an empty one is not set', () => {
    expect(messageOf(RequiredStringSchema, undefined)).toBe('is required');
    expect(messageOf(RequiredStringSchema, '')).toBe('must not be empty (the field is REQUIRED)');
    expect(messageOf(RequiredStringSchema, 7)).toBe('must be a string');
  });
});

describe('StructSchema and JsonValueSchema', () => {
  it('accepts any JSON object as a Struct and leaves its keys alone', () => {
    expect(StructSchema.parse({ snake_key: [1, null] })).toEqual({ snake_key: [1, null] });
  });

  it('rejects arrays and scalars as a Struct', () => {
    expect(messageOf(StructSchema, [])).toBe('must be a JSON object');
    expect(messageOf(StructSchema, 'x')).toBe('must be a JSON object');
  });

  it('accepts every kind of JSON value as a Value', () => {
    for (const value of [null, 1, 'a', true, [1, 'b'], { a: { b: null } }]) {
      expect(JsonValueSchema.parse(value)).toEqual(value);
    }
  });
});
