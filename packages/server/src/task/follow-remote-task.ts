import { A2AError, isTerminalState, type StreamResponse, type Task } from '@baton/protocol';
import { isSameScope } from '../store/is-same-scope.ts';
import type {
  GeneratedEvent,
  StoredTask,
  TaskReadOptions,
  TaskScope,
  TaskStore,
} from '../store/task-store.ts';
import { stampGeneration } from '../vocabulary/event-generation.ts';
import type { TaskEventListener } from '../vocabulary/event-hub.ts';
import type { TaskObserver } from './task-observer.ts';

/** A task as one instance read it, with the version of that read. */
export interface VersionedTask {
  readonly task: Task;
  readonly version: number;
}

/** What {@link followRemoteTask} needs. */
export interface FollowRemoteTaskOptions {
  readonly taskId: string;
  readonly scope: TaskScope;
  readonly store: TaskStore;
  readonly observer: TaskObserver;
  readonly read?: TaskReadOptions | undefined;
  /** Follows the task's events from every instance; resolves once later events will arrive. */
  readonly listen: (taskId: string, listener: TaskEventListener) => Promise<() => void>;
  /**
   * Work to do once listening and before the snapshot is read (forwarding a follow-up to the task's instance);
   * when it resolves with a snapshot and its version, that is the snapshot sent.
   */
  readonly before?: () => Promise<VersionedTask | undefined>;
  /** Refuse a task that already ended (SubscribeToTask), rather than sending its final snapshot. */
  readonly refuseFinished: boolean;
  /**
   * A resumed stream's last generation: the events after it are sent instead of the snapshot when the store still
   * holds them all (see `TaskStore.eventsAfter`); otherwise the snapshot, as without it.
   */
  readonly after?: number | undefined;
}

/** A task followed across instances: how to stop, and whether the stream is open with no event yet. */
export interface FollowedTask {
  stop(): void;
  /** A resumed stream that had nothing to replay: open, waiting for the task's next event. */
  readonly openWithoutEvent: boolean;
}

/**
 * Streams a task that may be running on another instance: starts listening first, reads the snapshot (or, for a
 * resumed stream, the events after its last generation), sends it, then the events it does not hold yet (by
 * generation), in order. No event falls between the snapshot and the live ones, and none is sent twice.
 */
export async function followRemoteTask(options: FollowRemoteTaskOptions): Promise<FollowedTask> {
  const { taskId, observer } = options;
  let sent: number | undefined;
  const early: [StreamResponse, number][] = [];
  const stop = await options.listen(taskId, (event, version) => {
    if (sent === undefined) {
      early.push([event, version]);
    } else if (version > sent) {
      sent = version;
      observer.event(event);
    }
  });
  try {
    const replayed = options.after === undefined ? undefined : await replay(options, options.after);
    if (replayed) {
      sent = sendEarly(observer, early, replayed.last);
      if (replayed.ended) stop();
      return { stop, openWithoutEvent: sent === options.after };
    }
    const given = await options.before?.();
    const stored = given ?? (await options.store.get(taskId, options.read));
    if (!stored || (!given && !isSameScope((stored as StoredTask).scope, options.scope))) {
      throw A2AError.taskNotFound(taskId);
    }
    const state = stored.task.status.state;
    if (options.refuseFinished && isTerminalState(state)) {
      throw A2AError.unsupportedOperation(
        `Task ${taskId} is ${state}; a finished task has no events to subscribe to`,
      );
    }
    observer.event(stampGeneration({ task: stored.task }, stored.version));
    sent = sendEarly(observer, early, stored.version);
  } catch (error) {
    stop();
    throw error;
  }
  return { stop, openWithoutEvent: false };
}

/** Sends the events that arrived while reading, past `last`; returns the last generation sent. */
function sendEarly(observer: TaskObserver, early: readonly [StreamResponse, number][], last: number): number {
  let sent = last;
  for (const [event, version] of early) {
    if (version <= sent) continue;
    sent = version;
    observer.event(event);
  }
  return sent;
}

/**
 * Sends the stored events after `after` when the store holds them all: resolves with the last generation sent and
 * whether the task had ended; `undefined` when the snapshot must be sent instead.
 */
async function replay(
  options: FollowRemoteTaskOptions,
  after: number,
): Promise<{ readonly last: number; readonly ended: boolean } | undefined> {
  const { taskId, store, observer } = options;
  const stored = await store.get(taskId, { historyLength: 0, includeArtifacts: false });
  if (!stored || !isSameScope(stored.scope, options.scope)) throw A2AError.taskNotFound(taskId);
  const replayed = await store.eventsAfter?.(taskId, after);
  if (!replayed?.complete) return undefined;
  // Nothing left to replay of an ended task: the snapshot path sends how it ended.
  if (replayed.events.length === 0) {
    return isTerminalState(stored.task.status.state) ? undefined : { last: after, ended: false };
  }
  sendReplayed(observer, replayed.events);
  const final = replayed.events.at(-1) as GeneratedEvent;
  const ended = 'statusUpdate' in final.event && isTerminalState(final.event.statusUpdate.status.state);
  return { last: final.generation, ended };
}

/** Sends replayed events to `observer`, each stamped with its generation (for its SSE id). */
export function sendReplayed(observer: TaskObserver, events: readonly GeneratedEvent[]): void {
  for (const { event, generation } of events) observer.event(stampGeneration(event, generation));
}
