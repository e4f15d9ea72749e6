import type { Message, Task } from '@baton/protocol';
import type { TaskReadOptions, TaskScope } from '../store/task-store.ts';
import type { CallUser } from '../vocabulary/call-context.ts';
import type { VersionedTask } from './follow-remote-task.ts';
import type { TaskObserver } from './task-observer.ts';

/** A client message to act on, with who sent it. */
export interface SendInput {
  readonly message: Message;
  readonly scope: TaskScope;
  readonly user: CallUser | undefined;
  readonly tenant: string | undefined;
  readonly requestedExtensions: readonly string[];
  /** Trims the Task snapshot sent first when the message continues an existing task. */
  readonly historyLength?: number | undefined;
  /** The card's skill the caller named (already checked): its executor runs, if it has one of its own. */
  readonly skillId?: string | undefined;
  /** A2A 1.1 draft: refuse (TaskGenerationMismatch) a follow-up to a task no longer at this generation. */
  readonly ifGenerationMatch?: number | undefined;
  /** Keeps the runtime alive for the execution the send starts (the call's `waitUntil`). */
  readonly waitUntil?: ((work: Promise<unknown>) => void) | undefined;
}

/** An observer attached to a task's events; `stop` detaches it (the task goes on). */
export interface Subscription {
  readonly taskId: string;
  stop(): void;
  /** The Task snapshot a follow-up sent first, with its version (for a follow-up forwarded by another instance). */
  readonly first?: VersionedTask;
  /** The stream is open though no event came yet: a resumed stream that had nothing to replay. */
  readonly openWithoutEvent?: boolean;
}

/** The task lifecycle engine behind the request handler. */
export interface TaskRuntime {
  /**
   * Starts a task, or continues one (`message.taskId`): resumes the execution waiting in `requestInput`, or
   * starts a new one with the existing task. The observer gets every event from the first on: for a new task
   * the Task (SUBMITTED) or the direct Message, for an existing one a Task snapshot. A send that needs a new
   * execution beyond `maxRunningTasks` is refused (TOO_MANY_TASKS) before anything is created.
   */
  send(input: SendInput, observer: TaskObserver): Promise<Subscription>;
  /**
   * Sends the current Task to the observer, then its events. UnsupportedOperation for a terminal task.
   * With `after` (a resumed stream's `Last-Event-ID`): the events after that generation instead of the snapshot,
   * exactly, while the store still holds them (then live ones), also for a task that ended meanwhile; beyond the
   * store's replay window, the snapshot as usual (for an ended task too, so the caller learns how it ended).
   */
  subscribe(
    taskId: string,
    scope: TaskScope,
    observer: TaskObserver,
    read?: TaskReadOptions,
    after?: number,
  ): Promise<Subscription>;
  /**
   * Resolves once the task's generation is past `after` (at once when it already is, or the task has ended), or
   * when `timeoutMs` runs out or `signal` aborts: the long-poll of the 1.1 draft's `GetTask.currentGeneration`.
   * TaskNotFound for a task the scope cannot see.
   */
  waitForGeneration(
    taskId: string,
    scope: TaskScope,
    after: number,
    options: { readonly timeoutMs: number; readonly signal?: AbortSignal | undefined },
  ): Promise<void>;
  /** Cancels a task: fires its execution's signal and ends it CANCELED; idempotent on a canceled task. */
  cancel(taskId: string, scope: TaskScope): Promise<Task>;
  /**
   * Stops taking messages, lets running executions finish for up to `deadlineMs` (default 10 s), then aborts
   * the rest and cancels their tasks (CANCELED, with {@link SHUTDOWN_MESSAGE}). Executions waiting for input are aborted at once and their tasks stay
   * interrupted, so with a durable store a follow-up after restart picks them up.
   */
  shutdown(options?: { readonly deadlineMs?: number }): Promise<void>;
  /** Resolves once this instance takes requests forwarded by the others (at once without a bus). */
  ready(): Promise<void>;
}
