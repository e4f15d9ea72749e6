import { describe, expect, it } from 'vitest';
import { recording } from '../../test/fixtures/translate/helpers.ts';
import { historyLengthFromV03, historyLengthToV03 } from './history-length.ts';
import { TranslationError } from './loss.ts';

describe('historyLengthFromV03', () => {
  it('keeps unset and positive lengths without losses', () => {
    const { losses, options } = recording();
    expect(historyLengthFromV03(undefined, options)).toBeUndefined();
    expect(historyLengthFromV03(10, options)).toBe(10);
    expect(losses).toEqual([]);
  });

  it('leaves 0 (no limit for 0.3 peers) unset and reports it', () => {
    const { losses, options } = recording();
    expect(historyLengthFromV03(0, { ...options, path: 'historyLength' })).toBeUndefined();
    expect(losses).toEqual([
      {
        path: 'historyLength',
        reason: '0.3 historyLength 0 means no limit, 1.0 has no other way to say so; left unset',
      },
    ]);
    expect(() => historyLengthFromV03(0, { strict: true })).toThrow(TranslationError);
  });

  it('clamps a length above int32 and reports it', () => {
    const { losses, options } = recording();
    expect(historyLengthFromV03(2 ** 31, options)).toBe(2_147_483_647);
    expect(losses).toEqual([
      { path: '', reason: '2147483648 does not fit the 1.0 int32; clamped to 2147483647' },
    ]);
  });
});

describe('historyLengthToV03', () => {
  it('keeps unset and positive lengths without losses', () => {
    const { losses, options } = recording();
    expect(historyLengthToV03(undefined, options)).toBeUndefined();
    expect(historyLengthToV03(3, options)).toBe(3);
    expect(losses).toEqual([]);
  });

  it('leaves 0 (no history) and negative lengths unset and reports them', () => {
    const { losses, options } = recording();
    expect(historyLengthToV03(0, options)).toBeUndefined();
    expect(historyLengthToV03(-1, options)).toBeUndefined();
    expect(losses).toEqual([
      {
        path: '',
        reason: '1.0 historyLength 0 asks for no history, which 0.3 peers read as no limit; left unset',
      },
      { path: '', reason: '-1 is not a 0.3 history length (0.3 needs a non-negative integer); left unset' },
    ]);
    expect(() => historyLengthToV03(0, { strict: true })).toThrow(TranslationError);
  });
});
