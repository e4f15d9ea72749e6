import { describe, expect, it } from 'vitest';
import { createInMemoryTaskLeaseStore } from './in-memory-task-lease-store.ts';
import { createLeaseKeeper } from './lease-keeper.ts';
import type { TaskLeaseStore } from './task-lease-store.ts';

const quiet = { error: () => undefined, warn: () => undefined };

describe('lease keeper', () => {
  it('stops only once a release already under way has landed, so nobody sees it as the holder after', async () => {
    const store = createInMemoryTaskLeaseStore();
    const slow: TaskLeaseStore = {
      ...store,
      release: async (taskId, owner) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        await store.release(taskId, owner);
      },
    };
    const keeper = createLeaseKeeper({
      leases: slow,
      owner: 'a',
      ttlMs: 10_000,
      logger: quiet,
      onLost: () => undefined,
    });
    expect(await keeper.acquire('t1')).toBe(true);
    void keeper.release('t1');
    // Let the release start (it is queued per task), as an execution ending at shutdown does.
    await new Promise((resolve) => setImmediate(resolve));
    await keeper.stop();
    expect(await store.holder('t1')).toBeUndefined();
  });

  it("takes a new task's lease through the store's acquireNew when it has one, and holds it", async () => {
    const store = createInMemoryTaskLeaseStore();
    const taken: string[] = [];
    const keeper = createLeaseKeeper({
      leases: {
        ...store,
        acquireNew: (taskId, owner, ttlMs) => {
          taken.push(taskId);
          return store.acquire(taskId, owner, ttlMs);
        },
      },
      owner: 'a',
      ttlMs: 10_000,
      logger: quiet,
      onLost: () => undefined,
    });
    expect(await keeper.acquireNew('new')).toBe(true);
    expect(await keeper.acquire('old')).toBe(true);
    expect(taken).toEqual(['new']);
    expect(keeper.holds('new')).toBe(true);
    await keeper.stop();
    expect(await store.holder('new')).toBeUndefined();
  });

  it('releases on stop every lease it still holds', async () => {
    const store = createInMemoryTaskLeaseStore();
    const keeper = createLeaseKeeper({
      leases: store,
      owner: 'a',
      ttlMs: 10_000,
      logger: quiet,
      onLost: () => undefined,
    });
    await keeper.acquire('t1');
    await keeper.acquire('t2');
    await keeper.stop();
    expect([await store.holder('t1'), await store.holder('t2')]).toEqual([undefined, undefined]);
  });
});
