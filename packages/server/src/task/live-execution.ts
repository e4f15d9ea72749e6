import type { A2AError } from '@baton/protocol';
import type { TaskReply } from '../executor/execution-host.ts';
import { createLazyAbort, type LazyAbort } from './lazy-abort.ts';

/**
 * Why an execution was cut loose from its task: a CancelTask, the server shutting down, or another instance
 * having taken the task over after this one failed to renew its lease in time.
 */
export type DetachReason = 'canceled' | 'shutdown' | 'lease-lost';

/** A reply the executor is waiting for (`requestInput` / `requestAuth`). */
export interface PendingReply {
  resolve(reply: TaskReply): void;
  reject(reason: unknown): void;
}

/** An executor run in progress on one task. */
export interface LiveExecution {
  readonly taskId: string;
  /** The executor's abort signal, made only if the executor reads it. */
  readonly abort: LazyAbort;
  /** Set while the executor is suspended in `requestInput` / `requestAuth`. */
  pendingReply: PendingReply | undefined;
  /** Whether the executor answered with a direct Message (so no task may be created). */
  replied: boolean;
  /** Set once the runtime stopped listening to the execution: its later writes are refused or ignored. */
  detached: DetachReason | undefined;
  /** Settles when the executor has returned or thrown and its result has been applied. */
  done: Promise<void>;
  /** Fails the request that started the execution, for an end that comes before any event. */
  readonly failRequest: (error: A2AError) => void;
  /** Frees the execution's running-task slot (idempotent): at a terminal state, a direct reply, or its end. */
  releaseSlot: () => void;
  /** Set when the store refused to record how the execution ended: the task is left to recovery. */
  unrecorded: boolean;
  /**
   * Keeps the runtime from ending the execution's background work while it waits for a reply; returns the
   * release. Set where work runs under `waitUntil` (see `holdWhileWaiting`).
   */
  holdWhileWaiting: (() => () => void) | undefined;
}

/** Creates the bookkeeping of a new execution (its `done` is filled in by whoever runs it). */
export function createLiveExecution(
  taskId: string,
  failRequest: (error: A2AError) => void,
  holdWhileWaiting?: () => () => void,
): LiveExecution {
  return {
    taskId,
    failRequest,
    abort: createLazyAbort(),
    pendingReply: undefined,
    replied: false,
    detached: undefined,
    done: Promise.resolve(),
    releaseSlot: () => undefined,
    unrecorded: false,
    holdWhileWaiting,
  };
}

/**
 * Cuts the execution loose from its task: fires its AbortSignal with an AbortError saying why, and rejects a pending
 * `requestInput` with the same error so a suspended executor unwinds.
 */
export function abortExecution(execution: LiveExecution, reason: DetachReason): void {
  if (execution.detached) return;
  execution.detached = reason;
  const why = {
    canceled: `Task ${execution.taskId} was canceled`,
    shutdown: 'The server is shutting down',
    'lease-lost': `Task ${execution.taskId} was taken over by another instance`,
  }[reason];
  const error = new DOMException(why, 'AbortError');
  const pending = execution.pendingReply;
  execution.pendingReply = undefined;
  execution.abort.abort(error);
  pending?.reject(error);
}
