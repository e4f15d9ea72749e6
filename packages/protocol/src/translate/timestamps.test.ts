import { describe, expect, it } from 'vitest';
import { recording } from '../../test/fixtures/translate/helpers.ts';
import { TranslationError } from './loss.ts';
import { timestampFromV03, timestampToV03 } from './timestamps.ts';

describe('timestamps', () => {
  it('keeps timestamps both versions accept exactly as sent', () => {
    const { losses, options } = recording();
    for (const timestamp of [
      '2025-04-02T16:59:25.331844',
      '2024-03-15T18:30:00Z',
      '2025-01-01T00:00:00+02:00',
    ]) {
      expect(timestampFromV03(timestamp, options)).toBe(timestamp);
      expect(timestampToV03(timestamp, options)).toBe(timestamp);
    }
    expect(losses).toEqual([]);
  });

  it('adds seconds to a 0.3 local time without them and reports it', () => {
    const { losses, options } = recording();
    expect(timestampFromV03('2025-04-02T16:59', options)).toBe('2025-04-02T16:59:00');
    expect(losses).toEqual([
      { path: '', reason: '1.0 timestamps carry seconds; 2025-04-02T16:59 written as 2025-04-02T16:59:00' },
    ]);
  });

  it('drops a 0.3 timestamp 1.0 rejects (year 0) and reports it', () => {
    const { losses, options } = recording();
    expect(timestampFromV03('0000-01-01T00:00:00Z', options)).toBeUndefined();
    expect(losses).toEqual([
      { path: '', reason: '0000-01-01T00:00:00Z is not a 1.0 (RFC 3339) timestamp; dropped' },
    ]);
    expect(() => timestampFromV03('0000-01-01T00:00:00Z', { strict: true })).toThrow(TranslationError);
  });

  it('drops a 1.0 timestamp 0.3 would reject and reports it', () => {
    const { losses, options } = recording();
    expect(timestampToV03('not a time', options)).toBeUndefined();
    expect(losses).toEqual([{ path: '', reason: 'not a time is not a 0.3 (ISO 8601) timestamp; dropped' }]);
  });
});
