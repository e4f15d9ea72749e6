import type { StreamResponse } from '@baton/protocol';
import { isFinalEvent } from '../task/final-event.ts';
import type { SendInput, TaskRuntime } from '../task/task-runtime.ts';
import { afterThisTurn } from './after-this-turn.ts';
import { TaskFromEvents } from './task-from-events.ts';

/** How long a non-streaming send waits. */
export interface AwaitSendOptions {
  /** `true`: stop at the first event (the new Task or the direct Message); else at a terminal or interrupted state. */
  readonly returnImmediately: boolean;
  /**
   * Stops waiting when it fires (the caller went away); the task goes on. Only read if the send is still
   * waiting after the turn that started it: most sends finish within it, and making a request's signal has a
   * cost on some runtimes.
   */
  readonly signal: () => AbortSignal;
  /** Called with every event before it is judged, e.g. to register an inline push config on the first Task. */
  readonly onEvent?: ((event: StreamResponse) => void) | undefined;
  /** Rebuild the task from the events (see {@link TaskFromEvents}), so the answer needs no read of the store. */
  readonly fold?: boolean;
}

/** What a non-streaming send waited for: the task's id and the event that ended the wait, if any. */
export interface SendOutcome {
  readonly taskId: string;
  readonly event: StreamResponse | undefined;
  /** The task rebuilt from the events, with `fold`, when the wait ended on an event of a task. */
  readonly folded?: TaskFromEvents | undefined;
}

const NOTHING_TO_CANCEL = () => undefined;

/**
 * Sends a message through the runtime and waits, without buffering events, for what SendMessage returns:
 * a direct Message, or the moment the task reaches a terminal or interrupted state (or its first event with
 * `returnImmediately`). Rejects with the executor's A2AError if it threw one before any event.
 */
export async function awaitSendOutcome(
  runtime: TaskRuntime,
  input: SendInput,
  options: AwaitSendOptions,
): Promise<SendOutcome> {
  let settled = false;
  let resolve: (event: StreamResponse | undefined) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const outcome = new Promise<StreamResponse | undefined>((onResolve, onReject) => {
    resolve = (event) => {
      settled = true;
      onResolve(event);
    };
    reject = (error) => {
      settled = true;
      onReject(error);
    };
  });
  const folded = options.fold ? new TaskFromEvents() : undefined;
  const subscription = await runtime.send(input, {
    event(event) {
      options.onEvent?.(event);
      // What the answer shows is the task as of the event that ended the wait.
      if (!settled) folded?.apply(event);
      if (options.returnImmediately || isFinalEvent(event)) resolve(event);
    },
    error: (error) => reject(error),
  });
  const stopWaiting = () => resolve(undefined);
  let signal: AbortSignal | undefined;
  // A send whose task ended while it was being started needs no signal and no timer.
  const cancelListen = settled
    ? NOTHING_TO_CANCEL
    : afterThisTurn(() => {
        signal = options.signal();
        if (signal.aborted) stopWaiting();
        else signal.addEventListener('abort', stopWaiting, { once: true });
      });
  try {
    const event = await outcome;
    return { taskId: subscription.taskId, event, folded: event === undefined ? undefined : folded };
  } finally {
    cancelListen();
    subscription.stop();
    signal?.removeEventListener('abort', stopWaiting);
  }
}
