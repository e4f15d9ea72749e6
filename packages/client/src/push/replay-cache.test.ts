import { describe, expect, it } from 'vitest';
import { createReplayCache } from './replay-cache.ts';

describe('createReplayCache', () => {
  it('takes a token id once, again after it is forgotten', () => {
    const cache = createReplayCache(10, () => 0);
    expect(cache.firstSighting('a', 100)).toBe(true);
    expect(cache.firstSighting('a', 100)).toBe(false);
    cache.forget('a');
    expect(cache.firstSighting('a', 100)).toBe(true);
  });

  it('lets go of expired ids, and of the oldest past its bound', () => {
    let seconds = 0;
    const cache = createReplayCache(3, () => seconds * 1000);
    cache.firstSighting('early', 10);
    cache.firstSighting('b', 500);
    seconds = 20;
    cache.firstSighting('c', 500);
    expect(cache.firstSighting('early', 10)).toBe(true);
    cache.firstSighting('d', 500);
    cache.firstSighting('e', 500);
    expect(cache.firstSighting('b', 500)).toBe(true);
  });
});
