import { A2AError, isTerminalState, type StreamResponse, type Task } from '@baton/protocol';
import { isSameScope } from '../store/is-same-scope.ts';
import type { StoredTask, TaskReadOptions, TaskScope, TaskStore } from '../store/task-store.ts';
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
}

/**
 * Streams a task that may be running on another instance: starts listening first, reads the snapshot, sends
 * it, then the events the snapshot does not hold yet (by version), in order. No event falls between the
 * snapshot and the live ones, and none is sent twice. Resolves with the function that stops following.
 */
export async function followRemoteTask(options: FollowRemoteTaskOptions): Promise<() => void> {
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
    observer.event({ task: stored.task });
    let last = stored.version;
    for (const [event, version] of early) {
      if (version <= last) continue;
      last = version;
      observer.event(event);
    }
    sent = last;
  } catch (error) {
    stop();
    throw error;
  }
  return stop;
}
