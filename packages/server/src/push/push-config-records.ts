import type { PushOutbox } from './push-outbox.ts';
import type { StoredPushConfig } from './push-targets.ts';

/** A saved push config with its place in the task's creation order. */
export interface PushConfigRecord extends StoredPushConfig {
  /** Grows with each new config; a replaced config keeps its place. */
  readonly position: number;
}

/**
 * Where push configs are kept: the small persistence interface a durable backend implements. The rules
 * (URL policy, ids, the per-task cap, paging tokens) live in `createPushConfigStore`, on top of this.
 */
export interface PushConfigRecords {
  /**
   * Saves a config: replaces the task's config with the same id (keeping its place), or adds it last when the
   * task has fewer than `maxPerTask`. Resolves `false`, saving nothing, when the task is full.
   */
  put(entry: StoredPushConfig, maxPerTask: number): Promise<boolean>;
  /** One config, or `undefined`. */
  get(taskId: string, configId: string): Promise<StoredPushConfig | undefined>;
  /** Up to `limit` configs of the task whose position is after `after`, in creation order. */
  page(taskId: string, after: number, limit: number): Promise<readonly PushConfigRecord[]>;
  /** Every config of the task, in creation order. */
  all(taskId: string): Promise<readonly StoredPushConfig[]>;
  /** Removes one config; no error when there is none. */
  delete(taskId: string, configId: string): Promise<void>;
  /** Removes every config of the task. */
  deleteForTask(taskId: string): Promise<void>;
  /**
   * The outbox of a durable backend whose task store keeps each event's deliveries with the event (see
   * {@link PushOutbox}); the server's dispatcher uses it when these records are its push records.
   */
  readonly outbox?: PushOutbox;
}
