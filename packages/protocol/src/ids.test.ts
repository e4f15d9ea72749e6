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

describe('createId, character by character', () => {
  it('uses every letter and digit about equally often (no value of a byte is favoured)', () => {
    const counts = new Map<string, number>();
    const ids = 20_000;
    for (let count = 0; count < ids; count += 1) {
      for (const char of createId()) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(counts.size).toBe(62);
    const expected = (ids * 22) / 62;
    // 440,000 characters: each count is within 5 % of its share unless the draw is biased (a plain
    // `byte % 62` would give the first eight characters a quarter more than the others).
    for (const count of counts.values()) expect(Math.abs(count - expected) / expected).toBeLessThan(0.05);
  });
});
