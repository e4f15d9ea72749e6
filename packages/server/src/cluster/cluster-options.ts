import type { TaskEventBus } from './task-event-bus.ts';
import type { TaskLeaseStore } from './task-lease-store.ts';

/**
 * How a server takes part in a cluster of instances of one agent, or just survives its own restarts. With
 * `leases` only (one instance on a durable store), a task left SUBMITTED or WORKING by a process that died is
 * ended once its lease expires. With a `bus` as well, any instance streams, cancels and continues any task.
 */
export interface ClusterOptions {
  /** Who runs each task: usually the `leases` of the same store package as the task store. */
  readonly leases: TaskLeaseStore;
  /** Messages between instances (Redis, PostgreSQL LISTEN/NOTIFY); without it, this instance works alone. */
  readonly bus?: TaskEventBus;
  /**
   * This instance's id; default a fresh random id per process. An id that stays the same across restarts (the
   * apps use `BATON_INSTANCE_ID`, default `<host name>:<port>`) lets a restarted instance take back the leases it
   * held at once; two live instances must never share one.
   */
  readonly instanceId?: string;
  /** How long a lease lasts without renewal; renewed every third of it. Default 15,000 ms. */
  readonly leaseTtlMs?: number;
  /** How often expired leases are looked for. Default: a third of `leaseTtlMs`. */
  readonly recoveryIntervalMs?: number;
  /**
   * `false` (default): a task whose instance died while it was SUBMITTED or WORKING ends FAILED with
   * {@link AGENT_RESTARTED_MESSAGE}. `true`: the executor is safe to run again, and is started again with the
   * task so far and its last user message.
   */
  readonly restartInterruptedTasks?: boolean;
  /** How long to wait for the instance running a task to answer a forwarded cancel or follow-up. Default 5,000 ms. */
  readonly requestTimeoutMs?: number;
}

/** The status message of a task whose instance died (or could not record its work) while working on it. */
export const AGENT_RESTARTED_MESSAGE =
  'The agent stopped while working on this task (it restarted, or could not record its work); send the request again.';
