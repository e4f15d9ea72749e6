/**
 * Timestamps as A2A writes them (spec §5.6.1): ISO-8601 in UTC with a `Z` and millisecond precision,
 * e.g. `2026-03-15T11:00:00.000Z`.
 */

// The canonical form, the only one this package writes.
const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

// RFC 3339 / ISO-8601 date-time, with the zone optional (0.3 peers sent `2025-04-02T16:59:25.331844`).
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/;

// The last timestamp written: a busy server writes several per millisecond, and formatting a Date is the
// costly part, so each millisecond is formatted once.
let lastMillisecond = Number.NaN;
let lastTimestamp = '';

/** The current time as a canonical timestamp. */
export function nowTimestamp(): string {
  const now = Date.now();
  if (now !== lastMillisecond) {
    lastMillisecond = now;
    lastTimestamp = new Date(now).toISOString();
  }
  return lastTimestamp;
}

/**
 * Normalizes a Date, epoch milliseconds or ISO-8601 string to a canonical timestamp. A string without a
 * zone is read as UTC; digits beyond milliseconds are truncated. Throws RangeError for anything else.
 */
export function toTimestamp(input: Date | string | number): string {
  if (input instanceof Date) return fromEpoch(input.getTime(), input);
  if (typeof input === 'number') return fromEpoch(input, input);
  return fromEpoch(parseDateTime(input), input);
}

/** Whether `value` is a timestamp in the canonical form (what {@link toTimestamp} returns). */
export function isTimestamp(value: unknown): value is string {
  if (typeof value !== 'string' || !CANONICAL.test(value)) return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString() === value;
}

function fromEpoch(milliseconds: number, original: unknown): string {
  const date = new Date(milliseconds);
  if (!Number.isFinite(milliseconds) || Number.isNaN(date.getTime())) {
    throw new RangeError(`Not a valid point in time: ${describe(original)}`);
  }
  const timestamp = date.toISOString();
  // toISOString switches to a six-digit signed year outside 0000-9999, which is not an RFC 3339 timestamp.
  if (!CANONICAL.test(timestamp)) throw new RangeError(`Outside the years 0000-9999: ${describe(original)}`);
  return timestamp;
}

/** Epoch milliseconds for an ISO-8601 date-time string; throws RangeError if it is not one. */
function parseDateTime(text: string): number {
  const match = DATE_TIME.exec(text.trim());
  if (!match) throw new RangeError(`Not an ISO-8601 date-time: ${describe(text)}`);
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', zone = 'Z'] = match;
  const parts = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [y, mo, d, h, mi, s] = parts;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0-99 to 1900-1999.
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, Number(fraction.slice(0, 3).padEnd(3, '0')));
  const valid = date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
  if (!valid) throw new RangeError(`Not a valid date-time: ${describe(text)}`);
  return date.getTime() - zoneOffsetMinutes(zone, text) * 60_000;
}

function zoneOffsetMinutes(zone: string, text: string): number {
  if (zone === 'Z' || zone === 'z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2, 4) || '0');
  if (hours > 23 || minutes > 59) throw new RangeError(`Not a valid UTC offset in ${describe(text)}`);
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
