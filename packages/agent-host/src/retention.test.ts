import { createInMemoryTaskStore } from '@baton/server';
import { describe, expect, it } from 'vitest';
import { parseRetention, startRetention } from './retention.ts';

describe('parseRetention', () => {
  it('reads days, hours, minutes and seconds', () => {
    expect(parseRetention('7d')).toBe(7 * 86_400_000);
    expect(parseRetention('12h')).toBe(12 * 3_600_000);
    expect(parseRetention(' 30m ')).toBe(30 * 60_000);
    expect(parseRetention('45s')).toBe(45_000);
  });

  it('refuses what it cannot read, in one line', () => {
    expect(() => parseRetention('a week')).toThrow(
      'BATON_RETENTION must be a number and a unit (d, h, m or s), like 7d, got "a week"',
    );
    expect(() => parseRetention('0d')).toThrow('more than zero');
  });
});

describe('startRetention', () => {
  it('deletes what finished before the cut-off in batches until none is left, and keeps the rest', async () => {
    const store = createInMemoryTaskStore({ maxFinishedTasks: 10_000 });
    const day = 86_400_000;
    const at = (ms: number) => new Date(ms).toISOString();
    const now = Date.parse('2026-11-27T00:00:00Z');
    for (let index = 0; index < 1_203; index += 1) {
      await store.create(
        {
          id: `old-${index}`,
          contextId: 'c',
          status: { state: 'TASK_STATE_COMPLETED', timestamp: at(now - 8 * day) },
        },
        {},
      );
    }
    await store.create(
      { id: 'recent', contextId: 'c', status: { state: 'TASK_STATE_COMPLETED', timestamp: at(now - day) } },
      {},
    );
    await store.create(
      { id: 'going', contextId: 'c', status: { state: 'TASK_STATE_WORKING', timestamp: at(now - 30 * day) } },
      {},
    );
    const batches: number[] = [];
    const retention = startRetention({
      keepMs: 7 * day,
      batchSize: 500,
      now: () => now,
      prune: [
        async (before, limit) => {
          const deleted = (await store.pruneFinished?.(before, limit)) ?? 0;
          batches.push(deleted);
          return deleted;
        },
      ],
    });
    try {
      expect(await retention.pass()).toBe(1_203);
      expect(batches).toEqual([500, 500, 203]);
      expect(store.size).toBe(2);
      expect(await retention.pass()).toBe(0);
    } finally {
      retention.stop();
    }
  });
});
