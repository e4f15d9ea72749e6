/** A lease that ran out: its owner stopped renewing it (the process died or hung). */
export interface ExpiredLease {
  readonly taskId: string;
  readonly owner: string;
}

/**
 * Who is running each task. An instance takes a task's lease before it executes the task and renews it while
 * the execution lives; other instances send cancels and follow-ups to the holder, and take over a task whose
 * lease expired. Times are the store's own clock, so instances with skewed clocks still agree.
 */
export interface TaskLeaseStore {
  /**
   * Takes the lease of `taskId` for `owner` for `ttlMs`, if nobody holds it, its holder let it expire, or
   * `owner` already holds it (then it is extended). Resolves whether `owner` holds it now.
   */
  acquire(taskId: string, owner: string, ttlMs: number): Promise<boolean>;
  /**
   * Takes the lease of a task about to be created (its id was just made, so nobody else holds it) and resolves
   * whether `owner` holds it. Optional: a store whose task store is on the same database may write it with the
   * task's create instead of on its own (see `createLeaseLedger`); without it the runtime calls `acquire`.
   */
  acquireNew?(taskId: string, owner: string, ttlMs: number): Promise<boolean>;
  /**
   * Extends by `ttlMs` the leases `owner` holds among `taskIds`; resolves with the ids it no longer holds
   * (another instance took them over after they expired).
   */
  renew(owner: string, taskIds: readonly string[], ttlMs: number): Promise<readonly string[]>;
  /** Gives the lease up, if `owner` holds it. */
  release(taskId: string, owner: string): Promise<void>;
  /** The owner of the task's lease while it has not expired, else `undefined`. */
  holder(taskId: string): Promise<string | undefined>;
  /** Up to `limit` expired leases, the longest expired first. */
  expired(limit: number): Promise<readonly ExpiredLease[]>;
  /**
   * Up to `limit` task ids whose lease `owner` holds, expired or not: what an instance that restarted under the
   * same id held before, taken back at once instead of when it expires. Optional: without it they wait for expiry.
   */
  heldBy?(owner: string, limit: number): Promise<readonly string[]>;
}
