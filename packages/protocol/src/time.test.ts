import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTimestamp, nowTimestamp, toTimestamp } from './time.ts';

describe('nowTimestamp', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the current time in UTC with milliseconds', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-15T11:00:00Z'));
    expect(nowTimestamp()).toBe('2026-03-15T11:00:00.000Z');
  });

  it('follows the clock from one millisecond to the next', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-15T11:00:00.998Z'));
    expect(nowTimestamp()).toBe('2026-03-15T11:00:00.998Z');
    expect(nowTimestamp()).toBe('2026-03-15T11:00:00.998Z');
    vi.setSystemTime(new Date('2026-03-15T11:00:00.999Z'));
    expect(nowTimestamp()).toBe('2026-03-15T11:00:00.999Z');
    vi.setSystemTime(new Date('2026-03-15T11:00:01.000Z'));
    expect(nowTimestamp()).toBe('2026-03-15T11:00:01.000Z');
  });

  it('is canonical', () => {
    expect(isTimestamp(nowTimestamp())).toBe(true);
  });
});

describe('toTimestamp', () => {
  it.each([
    ['2026-03-15T11:00:00Z', '2026-03-15T11:00:00.000Z'],
    ['2026-03-15T11:00:00.123Z', '2026-03-15T11:00:00.123Z'],
    ['2025-04-02T16:59:25.331844', '2025-04-02T16:59:25.331Z'],
    ['2025-04-02T16:59:25.999999999Z', '2025-04-02T16:59:25.999Z'],
    ['2025-04-02T16:59:25.5', '2025-04-02T16:59:25.500Z'],
    ['2026-03-15T12:00:00+01:00', '2026-03-15T11:00:00.000Z'],
    ['2026-03-15T06:30:00-0430', '2026-03-15T11:00:00.000Z'],
    ['2026-03-15 11:00:00z', '2026-03-15T11:00:00.000Z'],
    ['2026-03-15T11:00', '2026-03-15T11:00:00.000Z'],
    ['2026-03-15', '2026-03-15T00:00:00.000Z'],
    ['2026-01-01T00:30:00+01:00', '2025-12-31T23:30:00.000Z'],
    ['0050-06-01T00:00:00Z', '0050-06-01T00:00:00.000Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
  ])('normalizes %j to %s', (input, expected) => {
    expect(toTimestamp(input)).toBe(expected);
  });

  it('normalizes a Date and epoch milliseconds', () => {
    expect(toTimestamp(new Date(Date.UTC(2026, 2, 15, 11)))).toBe('2026-03-15T11:00:00.000Z');
    expect(toTimestamp(0)).toBe('1970-01-01T00:00:00.000Z');
  });

  it.each([
    'yesterday',
    '',
    '2026-13-01T00:00:00Z',
    '2025-02-29T00:00:00Z',
    '2026-03-15T24:00:00Z',
    '2026-03-15T11:60:00Z',
    '2026-03-15T11:00:00+25:00',
    'Sun, 15 Mar 2026 11:00:00 GMT',
    '2026-03-15T11:00:00ZZ',
  ])('refuses %j with a RangeError', (input) => {
    expect(() => toTimestamp(input)).toThrow(RangeError);
  });

  it('refuses invalid dates and numbers with a clear message', () => {
    expect(() => toTimestamp(new Date('nope'))).toThrow(/Not a valid point in time: Invalid Date/);
    expect(() => toTimestamp(Number.NaN)).toThrow(RangeError);
    expect(() => toTimestamp(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toTimestamp('yesterday')).toThrow('Not an ISO-8601 date-time: "yesterday"');
  });

  it('refuses instants outside the years 0000-9999', () => {
    expect(() => toTimestamp('9999-12-31T23:30:00-01:00')).toThrow(/Outside the years 0000-9999/);
  });
});

describe('isTimestamp', () => {
  it.each([
    ['2026-03-15T11:00:00.000Z', true],
    ['2026-03-15T11:00:00Z', false],
    ['2026-03-15T11:00:00.000+00:00', false],
    ['2025-04-02T16:59:25.331844', false],
    ['2026-02-30T11:00:00.000Z', false],
    [42, false],
  ] as const)('says %j is canonical: %s', (value, expected) => {
    expect(isTimestamp(value)).toBe(expected);
  });
});
