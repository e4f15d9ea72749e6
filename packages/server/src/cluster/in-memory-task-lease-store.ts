import type { ExpiredLease, TaskLeaseStore } from './task-lease-store.ts';

/**
 * A {@link TaskLeaseStore} in process memory: for several server instances inside one process (tests), or
 * beside the in-memory task store, whose tasks die with the process anyway. `now` is injectable for tests.
 */
export function createInMemoryTaskLeaseStore(now: () => number = Date.now): TaskLeaseStore {
  const leases = new Map<string, { owner: string; expiresAt: number }>();
  return {
    async acquire(taskId, owner, ttlMs) {
      const time = now();
      const lease = leases.get(taskId);
      if (lease && lease.owner !== owner && lease.expiresAt > time) return false;
      leases.set(taskId, { owner, expiresAt: time + ttlMs });
      return true;
    },
    async renew(owner, taskIds, ttlMs) {
      const expiresAt = now() + ttlMs;
      const lost: string[] = [];
      for (const taskId of taskIds) {
        const lease = leases.get(taskId);
        if (lease?.owner === owner) lease.expiresAt = expiresAt;
        else lost.push(taskId);
      }
      return lost;
    },
    async release(taskId, owner) {
      if (leases.get(taskId)?.owner === owner) leases.delete(taskId);
    },
    async holder(taskId) {
      const lease = leases.get(taskId);
      return lease && lease.expiresAt > now() ? lease.owner : undefined;
    },
    async heldBy(owner, limit) {
      const held: string[] = [];
      for (const [taskId, lease] of leases) {
        if (held.length >= limit) break;
        if (lease.owner === owner) held.push(taskId);
      }
      return held;
    },
    async expired(limit) {
      const time = now();
      const found: (ExpiredLease & { expiresAt: number })[] = [];
      for (const [taskId, lease] of leases) {
        if (lease.expiresAt <= time) found.push({ taskId, owner: lease.owner, expiresAt: lease.expiresAt });
      }
      return found
        .sort((a, b) => a.expiresAt - b.expiresAt)
        .slice(0, limit)
        .map(({ taskId, owner }) => ({ taskId, owner }));
    },
  };
}
