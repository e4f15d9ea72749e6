import { describe, expect, it } from 'vitest';
import { createHealth } from './create-health.ts';

const body = async (response: Response | Promise<Response>) => {
  const answered = await response;
  return { status: answered.status, json: await answered.json() };
};

describe('createHealth', () => {
  it('is starting, then ready with each check, then draining', async () => {
    const health = createHealth({ checks: [{ name: 'store', check: async () => undefined }] });
    expect(await body(health.live())).toEqual({ status: 200, json: { status: 'ok' } });
    expect(await body(health.readiness())).toEqual({ status: 503, json: { status: 'starting' } });
    health.markReady();
    expect(await body(health.readiness())).toEqual({
      status: 200,
      json: { status: 'ready', checks: { store: 'ok' } },
    });
    health.markDraining();
    health.markReady();
    expect(await body(health.readiness())).toEqual({ status: 503, json: { status: 'draining' } });
    expect((await body(health.live())).status).toBe(200);
  });

  it('is unavailable when a check fails or is late, naming the check but not its error', async () => {
    const failed: string[] = [];
    const health = createHealth({
      timeoutMs: 50,
      checks: [
        { name: 'store', check: async () => Promise.reject(new Error('password authentication failed')) },
        { name: 'bus', check: () => new Promise(() => undefined) },
        { name: 'runs', check: async () => 'fine' },
      ],
      onCheckFailed: (name) => failed.push(name),
    });
    health.markReady();
    const answer = await body(health.readiness());
    expect(answer).toEqual({
      status: 503,
      json: { status: 'unavailable', checks: { store: 'unavailable', bus: 'unavailable', runs: 'ok' } },
    });
    expect(JSON.stringify(answer)).not.toContain('password');
    expect(failed.sort()).toEqual(['bus', 'store']);
  });

  it('runs one round of checks for probes that come together', async () => {
    let rounds = 0;
    const health = createHealth({
      checks: [
        {
          name: 'store',
          check: async () => {
            rounds += 1;
            await new Promise((resolve) => setTimeout(resolve, 20));
          },
        },
      ],
    });
    health.markReady();
    await Promise.all([health.readiness(), health.readiness(), health.readiness()]);
    expect(rounds).toBe(1);
    await health.readiness();
    expect(rounds).toBe(2);
  });
});
