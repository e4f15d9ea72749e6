import type { StreamResponse } from '@baton/protocol';
import type { StoredPushConfig } from './push-targets.ts';

/** A delivery taken over from the outbox: one event of a task, for one of its configs. */
export interface OutboxDelivery {
  readonly taskId: string;
  /** The task's version after the write that made the event: with the config id, it names the delivery. */
  readonly taskVersion: number;
  readonly event: StreamResponse;
  readonly target: StoredPushConfig;
}

/**
 * Where a durable task store keeps the push deliveries its writes owe. A store that offers one writes, in the
 * same transaction as each notifiable event (a status change, a finished artifact), one row per push config the
 * task has, held by the writing process for {@link holdMs}. The dispatcher of that process delivers the event,
 * then settles the rows; while it works it renews them. Rows whose holder stopped renewing (the process died
 * between the write and the delivery) are taken over by any process on the store and delivered again, with the
 * same token id, so nothing a store kept is left unsent and a receiver can drop a repeat.
 */
export interface PushOutbox {
  /** How long a row stays with its holder without a renewal. */
  readonly holdMs: number;
  /** Keeps this process's rows of these tasks its own for another {@link holdMs}. */
  renew(taskIds: readonly string[]): Promise<void>;
  /**
   * Takes up to `limit` rows whose hold lapsed, oldest first, holding them for this process. Rows whose config
   * was deleted meanwhile are removed, not returned.
   */
  takeOver(limit: number): Promise<readonly OutboxDelivery[]>;
  /** Removes the rows of one event (`configId` unset: for every config), once delivered or given up. */
  settle(taskId: string, taskVersion: number, configId?: string): Promise<void>;
}

/** The token id of one delivery: the same on every attempt and after a takeover, so a receiver drops a repeat. */
export function deliveryId(taskId: string, taskVersion: number, configId: string): string {
  return `${taskId}.${taskVersion}.${configId}`;
}
