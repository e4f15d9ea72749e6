import type { TaskLeaseStore } from './task-lease-store.ts';

/** A lease a store writes with a task write: whose it is and for how long. */
export interface LedgerLease {
  readonly owner: string;
  readonly ttlMs: number;
}

/**
 * The leases a store writes together with its task writes instead of on their own, for a task store and a lease
 * store on one database: the lease of a new task is written in the statement that creates the task, and given up
 * in the statement that writes its final status. A short task then costs the database no lease statement at all.
 *
 * The lease store takes a new task's lease here (`reserve`, nothing written: nobody else knows the id yet, and a
 * task that is never created has nothing to recover), the task store writes it with the create (`withCreate`)
 * and deletes it with the final status (`withStatus`). While a lease is not in the
 * database (not yet, or no longer) the lease store answers for it from here (`standsIn`): a renewal does not ask
 * the database about it, so it is not reported lost; giving it up (`settle`) writes nothing.
 */
export interface LeaseLedger {
  /** Notes the lease `owner` takes of a task about to be created, to be written with the task. */
  reserve(taskId: string, lease: LedgerLease): void;
  /**
   * Runs `write`, the task's create, with the lease to write in it (`undefined` when none is reserved): the lease
   * counts as written once `write` resolves, and stays reserved when it rejects.
   */
  withCreate<T>(taskId: string, write: (lease: LedgerLease | undefined) => Promise<T>): Promise<T>;
  /**
   * Runs `write`, a status write of the task, with the owner whose lease (written with the create) to delete in it
   * when the status is `final`: the lease counts as given up once `write` resolves, and stays held when it rejects.
   */
  withStatus<T>(
    taskId: string,
    final: boolean,
    write: (releaseOwner: string | undefined) => Promise<T>,
  ): Promise<T>;
  /** The owner of a lease not yet in the database (reserved, or on its way in with the create). */
  owner(taskId: string): string | undefined;
  /** Whether the lease is not in the database as written (reserved, in flight, given up with the final status). */
  standsIn(taskId: string): boolean;
  /**
   * Forgets the lease `owner` gives up, once what is in flight for it has settled; resolves whether that needs
   * no statement (it was never written, or its final status deleted it already).
   */
  settle(taskId: string, owner: string): Promise<boolean>;
}

type State = 'reserved' | 'creating' | 'held' | 'releasing' | 'released';

interface Entry {
  readonly lease: LedgerLease;
  state: State;
  /** Resolves when the write in flight (creating, releasing) settles. */
  settled?: Promise<void> | undefined;
  settle?: (() => void) | undefined;
}

/** Options of {@link createLeaseLedger}. */
export interface LeaseLedgerOptions {
  /**
   * Most leases noted at once; default 100,000. Past it the oldest is dropped and falls back to its own statements
   * (a lease that was never given up: its execution let it expire after a failed write).
   */
  readonly limit?: number;
}

/** Creates the {@link LeaseLedger} a task store and a lease store on one database share. */
export function createLeaseLedger(options: LeaseLedgerOptions = {}): LeaseLedger {
  const limit = options.limit ?? 100_000;
  const entries = new Map<string, Entry>();

  function begin(entry: Entry, state: State): void {
    entry.state = state;
    entry.settled = new Promise((resolve) => {
      entry.settle = resolve;
    });
  }

  function end(entry: Entry, state: State): void {
    entry.state = state;
    entry.settle?.();
    entry.settled = undefined;
    entry.settle = undefined;
  }

  return {
    reserve(taskId, lease) {
      if (entries.size >= limit) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(taskId, { lease, state: 'reserved' });
    },
    async withCreate(taskId, write) {
      const entry = entries.get(taskId);
      if (entry?.state !== 'reserved') return write(undefined);
      begin(entry, 'creating');
      let written = false;
      try {
        const result = await write(entry.lease);
        written = true;
        return result;
      } finally {
        end(entry, written ? 'held' : 'reserved');
      }
    },
    async withStatus(taskId, final, write) {
      const entry = final ? entries.get(taskId) : undefined;
      if (entry?.state !== 'held') return write(undefined);
      begin(entry, 'releasing');
      let written = false;
      try {
        const result = await write(entry.lease.owner);
        written = true;
        return result;
      } finally {
        end(entry, written ? 'released' : 'held');
      }
    },
    owner: (taskId) => {
      const entry = entries.get(taskId);
      return entry?.state === 'reserved' || entry?.state === 'creating' ? entry.lease.owner : undefined;
    },
    standsIn: (taskId) => {
      const state = entries.get(taskId)?.state;
      return state !== undefined && state !== 'held';
    },
    async settle(taskId, owner) {
      let entry = entries.get(taskId);
      while (entry?.settled) {
        await entry.settled;
        entry = entries.get(taskId);
      }
      if (!entry || entry.lease.owner !== owner) return false;
      entries.delete(taskId);
      return entry.state === 'reserved' || entry.state === 'released';
    },
  };
}

/**
 * The lease store `leases` with the new tasks' leases `ledger` notes answered from it: a new task's lease is
 * reserved in the ledger (the task store writes it with the create), a lease not in the database is neither
 * renewed nor reported lost, and giving up a lease its final status already deleted writes nothing.
 */
export function withLeaseLedger(leases: TaskLeaseStore, ledger: LeaseLedger): TaskLeaseStore {
  return {
    ...leases,
    async acquire(taskId, owner, ttlMs) {
      // What the ledger noted of this owner's lease gives way to the row this writes.
      await ledger.settle(taskId, owner);
      return leases.acquire(taskId, owner, ttlMs);
    },
    async acquireNew(taskId, owner, ttlMs) {
      ledger.reserve(taskId, { owner, ttlMs });
      return true;
    },
    async renew(owner, taskIds, ttlMs) {
      const written = taskIds.filter((taskId) => !ledger.standsIn(taskId));
      return written.length === 0 ? [] : leases.renew(owner, written, ttlMs);
    },
    async release(taskId, owner) {
      if (await ledger.settle(taskId, owner)) return;
      await leases.release(taskId, owner);
    },
    async holder(taskId) {
      return ledger.owner(taskId) ?? leases.holder(taskId);
    },
  };
}
