import { A2AError, createId, isTerminalState, type Message, type Task } from '@baton/protocol';
import type { AgentExecutor } from '../executor/agent-executor.ts';
import type { CallUser } from '../handler/call-context.ts';
import { shuttingDownError, tooManyTasksError } from '../handler/overload-error.ts';
import { isSameScope } from '../store/is-same-scope.ts';
import type { TaskReadOptions, TaskScope, TaskStore } from '../store/task-store.ts';
import { assertAcceptsMessage, isVisible } from './accept-message.ts';
import { createChannelRegistry } from './channel-registry.ts';
import type { TaskEventHub } from './event-hub.ts';
import { abortExecution, type LiveExecution } from './live-execution.ts';
import type { Logger } from './logger.ts';
import { runExecution } from './run-execution.ts';
import { shutDownExecutions } from './shut-down-executions.ts';
import { createSlotPool, type ReleaseSlot } from './slot-pool.ts';
import type { TaskChannel } from './task-channel.ts';
import type { TaskObserver } from './task-observer.ts';

/** What a {@link TaskRuntime} is built from. */
export interface TaskRuntimeOptions {
  readonly executor: AgentExecutor;
  readonly store: TaskStore;
  readonly hub: TaskEventHub;
  readonly logger: Logger;
  /** Executions (running or suspended waiting for input) held at once; default {@link DEFAULT_MAX_RUNNING_TASKS}. */
  readonly maxRunningTasks?: number;
}

/** The default bound of {@link TaskRuntimeOptions.maxRunningTasks}. */
export const DEFAULT_MAX_RUNNING_TASKS = 1_000;

/** A client message to act on, with who sent it. */
export interface SendInput {
  readonly message: Message;
  readonly scope: TaskScope;
  readonly user: CallUser | undefined;
  readonly tenant: string | undefined;
  readonly requestedExtensions: readonly string[];
  /** Trims the Task snapshot sent first when the message continues an existing task. */
  readonly historyLength?: number | undefined;
}

/** An observer attached to a task's events; `stop` detaches it (the task goes on). */
export interface Subscription {
  readonly taskId: string;
  stop(): void;
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
  /** Sends the current Task to the observer, then its events. UnsupportedOperation for a terminal task. */
  subscribe(
    taskId: string,
    scope: TaskScope,
    observer: TaskObserver,
    read?: TaskReadOptions,
  ): Promise<Subscription>;
  /** Cancels a task: fires its execution's signal and ends it CANCELED; idempotent on a canceled task. */
  cancel(taskId: string, scope: TaskScope): Promise<Task>;
  /**
   * Stops taking messages, lets running executions finish for up to `deadlineMs` (default 10 s), then aborts
   * the rest and cancels their tasks (CANCELED, with {@link SHUTDOWN_MESSAGE}). Executions waiting for input are aborted at once and their tasks stay
   * interrupted, so with a durable store a follow-up after restart picks them up.
   */
  shutdown(options?: { readonly deadlineMs?: number }): Promise<void>;
}

export { SHUTDOWN_MESSAGE } from './shut-down-executions.ts';

/** Creates a {@link TaskRuntime}. */
export function createTaskRuntime(options: TaskRuntimeOptions): TaskRuntime {
  const { executor, store, hub, logger } = options;
  const registry = createChannelRegistry(store, hub);
  const live = new Set<LiveExecution>();
  const slots = createSlotPool(options.maxRunningTasks ?? DEFAULT_MAX_RUNNING_TASKS);
  let closing = false;

  function takeSlot(): ReleaseSlot {
    const release = slots.tryAcquire();
    if (!release) throw tooManyTasksError(slots.limit);
    return release;
  }

  // Cuts an execution loose (cancel, shutdown) and frees its slot, even if the executor ignores its signal.
  function cutLoose(execution: LiveExecution, reason: 'canceled' | 'shutdown'): void {
    abortExecution(execution, reason);
    execution.releaseSlot();
  }

  async function resolveReferences(message: Message, scope: TaskScope): Promise<Task[]> {
    if (!message.referenceTaskIds?.length) return [];
    const ids = [...new Set(message.referenceTaskIds)];
    const found = await Promise.all(ids.map((id) => store.get(id)));
    return found.flatMap((stored) => (stored && isSameScope(stored.scope, scope) ? [stored.task] : []));
  }

  function start(channel: TaskChannel, input: SendInput, message: Message, extra: StartExtra): void {
    const execution = runExecution({
      channel,
      executor,
      logger,
      onEarlyError: extra.onEarlyError,
      request: {
        message,
        task: extra.task,
        taskId: channel.taskId,
        contextId: channel.contextId,
        referencedTasks: extra.referencedTasks,
        user: input.user,
        tenant: input.tenant,
        requestedExtensions: input.requestedExtensions,
      },
    });
    live.add(execution);
    execution.releaseSlot = extra.release;
    void execution.done.then(() => {
      live.delete(execution);
      extra.release();
    });
  }

  async function sendNew(
    input: SendInput,
    observer: TaskObserver,
    referencedTasks: Task[],
  ): Promise<Subscription> {
    const release = takeSlot();
    const taskId = createId();
    const contextId = input.message.contextId || createId();
    const channel = registry.reserve(taskId, contextId, input.scope);
    const stop = hub.listen(taskId, (event) => observer.event(event));
    const message: Message = { ...input.message, taskId, contextId };
    start(channel, input, message, {
      release,
      task: undefined,
      referencedTasks,
      onEarlyError: (error) => observer.error(error),
    });
    return { taskId, stop };
  }

  function sendExisting(taskId: string, input: SendInput, observer: TaskObserver, referencedTasks: Task[]) {
    return registry.withTask(taskId, async (channel): Promise<Subscription> => {
      assertAcceptsMessage(channel, input.message, input.scope);
      const execution = channel.execution;
      // Resuming the execution waiting for input takes no new slot; starting one does.
      const release = execution?.pendingReply ? undefined : takeSlot();
      try {
        const before = execution ? undefined : await channel.snapshot();
        const message: Message = { ...input.message, taskId, contextId: channel.contextId };
        await channel.addUserMessage(message);
        await channel.setStatus('TASK_STATE_WORKING');
        observer.event({ task: await channel.snapshot({ historyLength: input.historyLength }) });
        const stop = hub.listen(taskId, (event) => observer.event(event));
        if (execution?.pendingReply) {
          const pending = execution.pendingReply;
          execution.pendingReply = undefined;
          pending.resolve(message);
        } else {
          start(channel, input, message, {
            release: release ?? takeSlot(),
            task: before,
            referencedTasks,
            onEarlyError: (error) => observer.error(error),
          });
        }
        return { taskId, stop };
      } catch (error) {
        release?.();
        throw error;
      }
    });
  }

  return {
    async send(input, observer) {
      if (closing) throw shuttingDownError();
      const referencedTasks = await resolveReferences(input.message, input.scope);
      const taskId = input.message.taskId;
      return taskId
        ? sendExisting(taskId, input, observer, referencedTasks)
        : sendNew(input, observer, referencedTasks);
    },

    subscribe(taskId, scope, observer, read) {
      if (closing) return Promise.reject(shuttingDownError());
      return registry.withTask(taskId, async (channel) => {
        if (!isVisible(channel, scope)) throw A2AError.taskNotFound(taskId);
        const state = channel.state ?? 'TASK_STATE_UNSPECIFIED';
        if (isTerminalState(state)) {
          throw A2AError.unsupportedOperation(
            `Task ${taskId} is ${state}; a finished task has no events to subscribe to`,
          );
        }
        // Snapshot and listener in one queued step: no event can fall between them or be seen twice.
        observer.event({ task: await channel.snapshot(read) });
        const stop = hub.listen(taskId, (event) => observer.event(event));
        return { taskId, stop };
      });
    },

    cancel(taskId, scope) {
      return registry.withTask(taskId, async (channel) => {
        if (!isVisible(channel, scope)) throw A2AError.taskNotFound(taskId);
        const state = channel.state ?? 'TASK_STATE_UNSPECIFIED';
        if (state === 'TASK_STATE_CANCELED') return channel.snapshot();
        if (isTerminalState(state)) throw A2AError.taskNotCancelable(taskId, state);
        const execution = channel.execution;
        if (execution) {
          cutLoose(execution, 'canceled');
          channel.detachExecution(execution);
        }
        await channel.setStatus('TASK_STATE_CANCELED');
        return channel.snapshot();
      });
    },

    async shutdown({ deadlineMs = 10_000 } = {}) {
      closing = true;
      await shutDownExecutions({ live, registry, logger, deadlineMs, cutLoose });
    },
  };
}

interface StartExtra {
  /** Frees the execution's running-task slot. */
  readonly release: ReleaseSlot;
  readonly task: Task | undefined;
  readonly referencedTasks: readonly Task[];
  readonly onEarlyError: (error: A2AError) => void;
}
