import { describe, expect, it } from 'vitest';
import type { TaskLeaseStore } from '../cluster/task-lease-store.ts';

/** How {@link describeTaskLeaseStoreContract} gets a lease store. */
export interface TaskLeaseStoreContractOptions {
  /** A new, empty lease store for each test. */
  readonly createLeases: () => Promise<TaskLeaseStore>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The behaviour every `TaskLeaseStore` must have: exclusive leases that expire unless renewed. */
export function describeTaskLeaseStoreContract(name: string, options: TaskLeaseStoreContractOptions): void {
  describe(`${name}: TaskLeaseStore contract`, () => {
    it('gives a lease to one owner at a time, and again to the same owner', async () => {
      const leases = await options.createLeases();
      expect(await leases.acquire('t1', 'a', 10_000)).toBe(true);
      expect(await leases.acquire('t1', 'b', 10_000)).toBe(false);
      expect(await leases.acquire('t1', 'a', 10_000)).toBe(true);
      expect(await leases.holder('t1')).toBe('a');
      expect(await leases.acquire('t2', 'b', 10_000)).toBe(true);
      expect(await leases.holder('unknown')).toBeUndefined();
    });

    it('lets another owner take a lease that expired, and tells the first it lost it', async () => {
      const leases = await options.createLeases();
      await leases.acquire('t1', 'a', 50);
      await leases.acquire('t2', 'a', 10_000);
      await sleep(120);
      expect(await leases.holder('t1')).toBeUndefined();
      expect(await leases.expired(10)).toEqual([{ taskId: 't1', owner: 'a' }]);
      expect(await leases.acquire('t1', 'b', 10_000)).toBe(true);
      expect(await leases.holder('t1')).toBe('b');
      expect(await leases.renew('a', ['t1', 't2'], 10_000)).toEqual(['t1']);
      expect(await leases.expired(10)).toEqual([]);
    });

    it('keeps a renewed lease alive past its first expiry', async () => {
      const leases = await options.createLeases();
      await leases.acquire('t1', 'a', 150);
      for (let round = 0; round < 3; round += 1) {
        await sleep(80);
        expect(await leases.renew('a', ['t1'], 150)).toEqual([]);
      }
      expect(await leases.holder('t1')).toBe('a');
      expect(await leases.acquire('t1', 'b', 150)).toBe(false);
    });

    it('frees a released lease, and ignores a release by someone else', async () => {
      const leases = await options.createLeases();
      await leases.acquire('t1', 'a', 10_000);
      await leases.release('t1', 'b');
      expect(await leases.holder('t1')).toBe('a');
      await leases.release('t1', 'a');
      expect(await leases.holder('t1')).toBeUndefined();
      expect(await leases.acquire('t1', 'b', 10_000)).toBe(true);
      expect(await leases.renew('a', [], 10_000)).toEqual([]);
    });

    it('lists expired leases longest expired first, up to the limit', async () => {
      const leases = await options.createLeases();
      await leases.acquire('first', 'a', 10);
      await sleep(30);
      await leases.acquire('second', 'b', 10);
      await sleep(40);
      expect(await leases.expired(10)).toEqual([
        { taskId: 'first', owner: 'a' },
        { taskId: 'second', owner: 'b' },
      ]);
      expect(await leases.expired(1)).toEqual([{ taskId: 'first', owner: 'a' }]);
    });

    it("lists an owner's leases, live or expired, up to the limit, and no one else's", async (context) => {
      const leases = await options.createLeases();
      if (leases.heldBy === undefined) return context.skip('this lease store cannot list an owner’s leases');
      await leases.acquire('live', 'a', 10_000);
      await leases.acquire('lapsing', 'a', 10);
      await leases.acquire('other', 'b', 10_000);
      await sleep(30);
      expect([...(await leases.heldBy('a', 10))].sort()).toEqual(['lapsing', 'live']);
      expect(await leases.heldBy('a', 1)).toHaveLength(1);
      expect(await leases.heldBy('c', 10)).toEqual([]);
      await leases.release('live', 'a');
      expect(await leases.heldBy('a', 10)).toEqual(['lapsing']);
    });
  });
}
