import type * as v03 from '../v03/index.ts';
import { TimestampSchema as V03TimestampSchema } from '../v03/timestamp.ts';
import { TimestampSchema } from '../wire/proto-scalars.ts';
import { lossTo1, lossTo03, type TranslateOptions } from './loss.ts';

const MINUTES_ONLY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/**
 * 0.3 timestamp → 1.0, kept as sent when 1.0 accepts it. 0.3 also accepts a local time without seconds
 * (`2025-04-02T16:59`), written with `:00` (same instant); anything else 1.0 rejects is dropped. Both are reported.
 */
export function timestampFromV03(
  timestamp: v03.Timestamp,
  options: TranslateOptions = {},
): string | undefined {
  if (TimestampSchema.safeParse(timestamp).success) return timestamp;
  const padded = `${timestamp}:00`;
  if (MINUTES_ONLY.test(timestamp) && TimestampSchema.safeParse(padded).success) {
    lossTo1(options, undefined, `1.0 timestamps carry seconds; ${timestamp} written as ${padded}`);
    return padded;
  }
  lossTo1(options, undefined, `${timestamp} is not a 1.0 (RFC 3339) timestamp; dropped`);
  return undefined;
}

/** 1.0 timestamp → 0.3, kept as sent; one 0.3 rejects (none known) is dropped and reported. */
export function timestampToV03(timestamp: string, options: TranslateOptions = {}): string | undefined {
  if (V03TimestampSchema.safeParse(timestamp).success) return timestamp;
  lossTo03(options, undefined, `${timestamp} is not a 0.3 (ISO 8601) timestamp; dropped`);
  return undefined;
}
