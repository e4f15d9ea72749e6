import { describe, expect, it } from 'vitest';
import { isA2AClientError } from '../errors/client-error.ts';
import { backoffDelay, parseRetryAfter, sleep } from './retry-policy.ts';

describe('backoffDelay', () => {
  it('grows exponentially under full jitter and stops at the cap', () => {
    const options = { baseDelayMs: 100, maxDelayMs: 1_000, random: () => 0.999 };
    expect([0, 1, 2, 3, 4, 10].map((retry) => backoffDelay(retry, options))).toEqual([
      99, 199, 399, 799, 999, 999,
    ]);
    expect(backoffDelay(3, { ...options, random: () => 0 })).toBe(0);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3_000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('sleep', () => {
  it('rejects with ABORTED when the signal fires', async () => {
    const controller = new AbortController();
    const waiting = sleep(10_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toSatisfy((error) => isA2AClientError(error, 'ABORTED'));
  });
});
