import type { Logger } from '../vocabulary/logger.ts';
import type { TaskLeaseStore } from './task-lease-store.ts';

/** The leases this instance holds, renewed together on a timer. */
export interface LeaseKeeper {
  /** Takes the task's lease (or keeps it, if already held); resolves whether this instance holds it. */
  acquire(taskId: string): Promise<boolean>;
  /** Takes the lease of a task about to be created (see `TaskLeaseStore.acquireNew`). */
  acquireNew(taskId: string): Promise<boolean>;
  /** Gives the lease up (idempotent). */
  release(taskId: string): Promise<void>;
  /** Stops renewing the lease without giving it up, so it expires and is recovered later (by any instance). */
  forget(taskId: string): void;
  /** Whether this instance believes it holds the lease. */
  holds(taskId: string): boolean;
  /** Stops renewing, waits for acquires and releases under way, and releases every lease still held. */
  stop(): Promise<void>;
}

/** What {@link createLeaseKeeper} needs. */
export interface LeaseKeeperOptions {
  readonly leases: TaskLeaseStore;
  readonly owner: string;
  readonly ttlMs: number;
  readonly logger: Logger;
  /** Called with a task whose lease another instance took over (this one failed to renew in time). */
  readonly onLost: (taskId: string) => void;
}

/**
 * Keeps this instance's leases alive: one renewal call for all of them every third of the TTL. A renewal
 * that fails (the store is down) is retried on the next tick; a lease another instance took over is reported
 * through `onLost` so its execution stops writing.
 */
export function createLeaseKeeper(options: LeaseKeeperOptions): LeaseKeeper {
  const { leases, owner, ttlMs, logger } = options;
  const held = new Set<string>();
  // Acquire and release of one task run one after the other, so a release cannot land after a later acquire.
  const queues = new Map<string, Promise<unknown>>();
  let renewing = false;

  function inOrder<T>(taskId: string, work: () => Promise<T>): Promise<T> {
    const previous = queues.get(taskId) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    queues.set(taskId, tail);
    void tail.then(() => {
      if (queues.get(taskId) === tail) queues.delete(taskId);
    });
    return result;
  }
  const timer = setInterval(() => void renew(), Math.max(10, Math.floor(ttlMs / 3)));
  timer.unref?.();

  async function renew(): Promise<void> {
    if (renewing || held.size === 0) return;
    renewing = true;
    try {
      const lost = await leases.renew(owner, [...held], ttlMs);
      for (const taskId of lost) {
        if (!held.delete(taskId)) continue;
        logger.warn('Lost the lease of a running task to another instance; stopping its execution here', {
          taskId,
        });
        options.onLost(taskId);
      }
    } catch (error) {
      logger.warn('Could not renew task leases; retrying', { error, leases: held.size });
    } finally {
      renewing = false;
    }
  }

  // Takes a lease through `taking` (the store's acquire or acquireNew), in order with the task's other lease calls.
  function take(taskId: string, taking: TaskLeaseStore['acquire']): Promise<boolean> {
    return inOrder(taskId, async () => {
      const acquired = await taking.call(leases, taskId, owner, ttlMs);
      if (acquired) held.add(taskId);
      return acquired;
    });
  }

  return {
    acquire: (taskId) => take(taskId, leases.acquire),
    acquireNew: (taskId) => take(taskId, leases.acquireNew ?? leases.acquire),
    release: (taskId) =>
      inOrder(taskId, async () => {
        if (!held.delete(taskId)) return;
        await leases.release(taskId, owner).catch((error: unknown) => {
          logger.warn('Could not release a task lease; it will expire', { taskId, error });
        });
      }),
    forget(taskId) {
      held.delete(taskId);
    },
    holds: (taskId) => held.has(taskId),
    async stop() {
      clearInterval(timer);
      // A release already under way (an execution that ended at shutdown) must land before stop resolves,
      // or another instance could still see this one as the holder and forward to it after it closed.
      await Promise.allSettled([...queues.values()]);
      const ids = [...held];
      held.clear();
      await Promise.allSettled(ids.map((taskId) => leases.release(taskId, owner)));
    },
  };
}
