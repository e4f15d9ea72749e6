import { describe, expect, it } from 'vitest';
import { createLazyAbort } from './lazy-abort.ts';

describe('createLazyAbort', () => {
  it('aborts a signal read before abort(), with the reason', () => {
    const lazy = createLazyAbort();
    const signal = lazy.signal;
    const seen: unknown[] = [];
    signal.addEventListener('abort', () => seen.push(signal.reason));
    lazy.abort(new Error('canceled'));
    expect(signal.aborted).toBe(true);
    expect(seen).toEqual([new Error('canceled')]);
  });

  it('hands out an already aborted signal when abort() came first', () => {
    const lazy = createLazyAbort();
    lazy.abort('shutdown');
    expect(lazy.aborted).toBe(true);
    expect(lazy.signal.aborted).toBe(true);
    expect(lazy.signal.reason).toBe('shutdown');
  });

  it('keeps one signal and the first reason', () => {
    const lazy = createLazyAbort();
    const first = lazy.signal;
    lazy.abort('first');
    lazy.abort('second');
    expect(lazy.signal).toBe(first);
    expect(first.reason).toBe('first');
  });

  it('is not aborted until asked', () => {
    const lazy = createLazyAbort();
    expect(lazy.aborted).toBe(false);
    expect(lazy.signal.aborted).toBe(false);
  });
});
