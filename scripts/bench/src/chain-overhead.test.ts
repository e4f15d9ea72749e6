import { describe, expect, it } from 'vitest';
import { measureChainOverhead } from './chain-overhead.ts';

describe('measureChainOverhead', () => {
  it('times direct chains and orchestrated runs against the four real processes', async () => {
    const result = await measureChainOverhead({ runs: 3, warmup: 1 });
    expect(result.firstFailure).toBeUndefined();
    expect(result.failures).toBe(0);
    expect(result.runs).toBe(3);
    for (const value of [result.runP50Ms, result.directP50Ms]) {
      expect(Number.isFinite(value)).toBe(true);
      expect(value).toBeGreaterThan(0);
    }
    expect(Number.isFinite(result.stepOverheadP50Ms)).toBe(true);
  }, 60_000);
});
