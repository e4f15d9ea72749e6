import { describe, expect, it } from 'vitest';
import { createId } from './ids.ts';

describe('createId', () => {
  it('makes URL-safe ids of 22 letters and digits, so none starts with "-" (a command line reads that as an option)', () => {
    for (let count = 0; count < 1_000; count += 1) expect(createId()).toMatch(/^[A-Za-z0-9]{22}$/);
  });

  it('does not repeat itself', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => createId()));
    expect(ids.size).toBe(10_000);
  });
});
