import { describe, expect, it } from 'vitest';
import { createId } from './ids.ts';

describe('createId', () => {
  it('makes URL-safe ids of 21 characters', () => {
    expect(createId()).toMatch(/^[A-Za-z0-9_-]{21}$/);
  });

  it('does not repeat itself', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => createId()));
    expect(ids.size).toBe(10_000);
  });
});
