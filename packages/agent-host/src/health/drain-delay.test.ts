import { describe, expect, it } from 'vitest';
import { readDrainDelay } from './drain-delay.ts';

describe('readDrainDelay', () => {
  it('is 0 by default, 5 s under Kubernetes, and what BATON_DRAIN_MS says', () => {
    expect(readDrainDelay({})).toBe(0);
    expect(readDrainDelay({ KUBERNETES_SERVICE_HOST: '10.0.0.1' })).toBe(5_000);
    expect(readDrainDelay({ KUBERNETES_SERVICE_HOST: '10.0.0.1', BATON_DRAIN_MS: '0' })).toBe(0);
    expect(readDrainDelay({ BATON_DRAIN_MS: '2500' })).toBe(2_500);
  });

  it('refuses what it cannot read', () => {
    expect(() => readDrainDelay({ BATON_DRAIN_MS: 'soon' })).toThrow(
      'BATON_DRAIN_MS must be a whole number of milliseconds from 0 to 120000, got "soon"',
    );
  });
});
