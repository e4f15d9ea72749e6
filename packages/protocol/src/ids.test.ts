import { describe, expect, it } from 'vitest';
import { createId, createSortableId } from './ids.ts';

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

describe('createSortableId', () => {
  it('makes ids of 22 letters and digits that do not repeat', () => {
    const ids = Array.from({ length: 10_000 }, () => createSortableId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(new Set(ids).size).toBe(10_000);
  });

  it('sorts ids made at different milliseconds by their time, byte by byte', async () => {
    const made: string[] = [];
    for (let count = 0; count < 5; count += 1) {
      made.push(createSortableId());
      const since = Date.now();
      while (Date.now() === since) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect([...made].sort()).toEqual(made);
  });

  it('starts with the milliseconds since 1970 in base 62', () => {
    const before = Date.now();
    const id = createSortableId();
    const after = Date.now();
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    const time = [...id.slice(0, 8)].reduce((value, char) => value * 62 + alphabet.indexOf(char), 0);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(after);
  });
});
