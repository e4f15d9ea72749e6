import type { Task, TaskState } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import type { TaskLeaseStore } from '../cluster/task-lease-store.ts';
import type { TaskStore } from '../store/task-store.ts';

/** How {@link describeTaskLeaseStoreContract} gets a lease store. */
export interface TaskLeaseStoreContractOptions {
  /** A new, empty lease store for each test. */
  readonly createLeases: () => Promise<TaskLeaseStore>;
  /**
   * The lease store with the task store it is deployed with (both on one database), for the leases of new tasks
   * (`acquireNew`), which a store may write with the task's create and give up with its final status. Unset: those
   * cases are skipped.
   */
  readonly createStores?: () => Promise<{ readonly leases: TaskLeaseStore; readonly tasks: TaskStore }>;
}

let made = 0;
/** A task id no earlier test (nor a ledger a store keeps across tests) has seen. */
function newTaskId(name: string): string {
  made += 1;
  return `${name}-${process.pid}-${Date.now().toString(36)}-${made}`;
}

function newTask(id: string, state: TaskState = 'TASK_STATE_WORKING'): Task {
  return { id, contextId: 'c1', status: { state, timestamp: new Date().toISOString() } };
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

    describe('the lease of a new task (acquireNew)', () => {
      const scope = { ownerId: 'alice', tenant: '' };
      const acquireNew = (leases: TaskLeaseStore, taskId: string, owner: string, ttlMs: number) =>
        leases.acquireNew ? leases.acquireNew(taskId, owner, ttlMs) : leases.acquire(taskId, owner, ttlMs);

      it('holds it from the start, through the create and the statuses, until it is given up', async (context) => {
        if (!options.createStores) return context.skip('no task store to deploy this lease store with');
        const { leases, tasks } = await options.createStores();
        const id = newTaskId('new');
        expect(await acquireNew(leases, id, 'a', 10_000)).toBe(true);
        expect(await leases.holder(id)).toBe('a');
        await tasks.create(newTask(id), scope);
        expect(await leases.acquire(id, 'b', 10_000)).toBe(false);
        expect(await leases.holder(id)).toBe('a');
        expect(await leases.renew('a', [id], 10_000)).toEqual([]);
        await tasks.setStatus(id, { state: 'TASK_STATE_INPUT_REQUIRED' });
        expect(await leases.acquire(id, 'b', 10_000)).toBe(false);
        await tasks.setStatus(id, { state: 'TASK_STATE_COMPLETED' });
        // The final status may give the lease up with it: its owner is still not told it lost it.
        expect(await leases.renew('a', [id], 10_000)).toEqual([]);
        await leases.release(id, 'a');
        expect(await leases.holder(id)).toBeUndefined();
        expect(await leases.acquire(id, 'b', 10_000)).toBe(true);
        expect(await leases.holder(id)).toBe('b');
      });

      it('lets the lease of a created task expire when its owner stops, for recovery', async (context) => {
        if (!options.createStores) return context.skip('no task store to deploy this lease store with');
        const { leases, tasks } = await options.createStores();
        const id = newTaskId('orphan');
        await acquireNew(leases, id, 'a', 50);
        await tasks.createWith?.(newTask(id, 'TASK_STATE_SUBMITTED'), scope, {
          status: { state: 'TASK_STATE_WORKING' },
        });
        if (!tasks.createWith) await tasks.create(newTask(id), scope);
        await sleep(120);
        expect(await leases.expired(10)).toContainEqual({ taskId: id, owner: 'a' });
        expect(await leases.acquire(id, 'b', 10_000)).toBe(true);
      });

      it('leaves nothing behind for a task that was never created', async (context) => {
        if (!options.createStores) return context.skip('no task store to deploy this lease store with');
        const { leases } = await options.createStores();
        const id = newTaskId('unmade');
        await acquireNew(leases, id, 'a', 50);
        await leases.release(id, 'a');
        await sleep(120);
        expect(await leases.expired(10)).not.toContainEqual({ taskId: id, owner: 'a' });
        expect(await leases.holder(id)).toBeUndefined();
        expect(await leases.acquire(id, 'b', 10_000)).toBe(true);
      });
    });
  });
}
