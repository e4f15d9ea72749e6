import { scopeKey } from '../store/scope-key.ts';
import type { TaskScope, TaskStore } from '../store/task-store.ts';
import type { MaybePromise } from './maybe-promise.ts';

/**
 * Which task a caller's message went to, by its `messageId`: a client that sends the same message again (it
 * retried after a timeout, or resumed after a crash) gets the task the first one made instead of a second task.
 */
export interface RepeatedMessages {
  /** The task a user message with this id from this caller went to within the window, if any. */
  find(scope: TaskScope, messageId: string): MaybePromise<string | undefined>;
  /** Notes that the caller's message went to the task. */
  remember(scope: TaskScope, messageId: string, taskId: string): void;
  /**
   * Forgets what this process noted of the message (its task was never kept: another instance made the message's
   * task at the same moment), so the next `find` asks the store.
   */
  forget(scope: TaskScope, messageId: string): void;
}

/** Options of {@link createRepeatedMessages}. */
export interface RepeatedMessagesOptions {
  /** Asked when the message is not among those this process remembers (after a restart, or on another instance). */
  readonly store: TaskStore;
  /** How long a message id is recognized: a task whose status changed within it. */
  readonly windowMs: number;
  /**
   * Message ids this process holds at most; default 10,000. The newest half of them are always remembered (they
   * are kept in two generations: when the newer fills up, the older is dropped whole).
   */
  readonly limit?: number;
  readonly now?: () => number;
}

/** Creates the {@link RepeatedMessages} of a runtime: the newest ids in memory, the rest asked of the store. */
export function createRepeatedMessages(options: RepeatedMessagesOptions): RepeatedMessages {
  const { store, windowMs } = options;
  const generationSize = Math.max(1, Math.floor((options.limit ?? 10_000) / 2));
  const now = options.now ?? Date.now;
  // Two generations instead of one Map kept in least-recently-used order: dropping a whole Map costs nothing,
  // while deleting a Map's oldest entry one by one leaves holes every later look at the front walks past.
  let newer = new Map<string, Remembered>();
  let older = new Map<string, Remembered>();
  const keyOf = (scope: TaskScope, messageId: string) => `${scopeKey(scope)}\u0000${messageId}`;

  return {
    find(scope, messageId) {
      const since = now() - windowMs;
      const key = keyOf(scope, messageId);
      const remembered = newer.get(key) ?? older.get(key);
      if (remembered !== undefined && remembered.at >= since) return remembered.taskId;
      return store.findUserMessage?.(scope, messageId, since);
    },
    remember(scope, messageId, taskId) {
      if (newer.size >= generationSize) {
        older = newer;
        newer = new Map();
      }
      newer.set(keyOf(scope, messageId), { taskId, at: now() });
    },
    forget(scope, messageId) {
      const key = keyOf(scope, messageId);
      newer.delete(key);
      older.delete(key);
    },
  };
}

interface Remembered {
  readonly taskId: string;
  readonly at: number;
}
