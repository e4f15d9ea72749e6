import {
  A2AError,
  createSortableId,
  isA2AError,
  isInterruptedState,
  isTerminalState,
  type Message,
  type StreamResponse,
  type Task,
} from '@baton/protocol';
import type { ClusterOptions } from '../cluster/cluster-options.ts';
import { type Coordinator, createCoordinator, TASK_BUSY_ELSEWHERE } from '../cluster/create-coordinator.ts';
import type { ExpiredLease } from '../cluster/task-lease-store.ts';
import type { AgentExecutor } from '../executor/agent-executor.ts';
import { isSameScope } from '../store/is-same-scope.ts';
import type { TaskReadOptions, TaskScope, TaskStore } from '../store/task-store.ts';
import { stampGeneration } from '../vocabulary/event-generation.ts';
import type { TaskEventHub } from '../vocabulary/event-hub.ts';
import type { Logger } from '../vocabulary/logger.ts';
import { overloadError, shuttingDownError, tooManyTasksError } from '../vocabulary/overload-error.ts';
import { assertAcceptsMessage, isVisible } from './accept-message.ts';
import { createChannelRegistry } from './channel-registry.ts';
import { followRemoteTask, sendReplayed, type VersionedTask } from './follow-remote-task.ts';
import { abortExecution, type LiveExecution } from './live-execution.ts';
import { isPromise } from './maybe-promise.ts';
import { assertSameMessage, messageIdReusedError } from './message-fingerprint.ts';
import { messageForTask } from './message-for-task.ts';
import { createTaskRecovery } from './recover-task.ts';
import { createRepeatedMessages } from './repeated-messages.ts';
import { runExecution } from './run-execution.ts';
import { shutDownExecutions } from './shut-down-executions.ts';
import { createSlotPool, type ReleaseSlot } from './slot-pool.ts';
import type { TaskChannel } from './task-channel.ts';
import type { TaskObserver } from './task-observer.ts';
import type { SendInput, Subscription, TaskRuntime } from './task-runtime-types.ts';

/** What a {@link TaskRuntime} is built from. */
export interface TaskRuntimeOptions {
  readonly executor: AgentExecutor;
  /** Executors of their own for some of the card's skills, by skill id: a send naming one runs it. */
  readonly skillExecutors?: Readonly<Record<string, AgentExecutor>>;
  readonly store: TaskStore;
  readonly hub: TaskEventHub;
  readonly logger: Logger;
  /** Executions (running or suspended waiting for input) held at once; default {@link DEFAULT_MAX_RUNNING_TASKS}. */
  readonly maxRunningTasks?: number;
  /** Leases (surviving restarts) and a bus (several instances); without them every task is worked on here. */
  readonly cluster?: ClusterOptions;
  /**
   * Keeps an execution's work alive after the response where a call has no `waitUntil` of its own (see
   * `A2AServerOptions.waitUntil`).
   */
  readonly waitUntil?: ((work: Promise<unknown>) => void) | undefined;
  /**
   * How long a user message's `messageId` is recognized: the same caller sending it again gets the task it went
   * to (its current state, then its events) instead of a second task or a second turn. Default
   * {@link DEFAULT_REPEATED_MESSAGE_WINDOW_MS}; 0 turns it off.
   */
  readonly repeatedMessageWindowMs?: number;
}

/** The default of {@link TaskRuntimeOptions.repeatedMessageWindowMs}: a day. */
export const DEFAULT_REPEATED_MESSAGE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The default bound of {@link TaskRuntimeOptions.maxRunningTasks}. */
export const DEFAULT_MAX_RUNNING_TASKS = 1_000;

export type { SendInput, Subscription, TaskRuntime } from './task-runtime-types.ts';

/** A request one instance forwards to the instance that holds a task's lease. */
type ForwardedRequest =
  | { readonly op: 'send'; readonly input: SendInput }
  | { readonly op: 'cancel'; readonly taskId: string; readonly scope: TaskScope };

// Receives nothing: a forwarded follow-up's events reach the caller through the bus on the instance it called.
const SILENT: TaskObserver = { event: () => undefined, error: () => undefined };

export { SHUTDOWN_MESSAGE } from './shut-down-executions.ts';

/**
 * Where background work runs under `waitUntil` (Cloudflare Workers), the runtime ends it once nothing in it can
 * make progress: an execution suspended in `requestInput` would be dropped before its follow-up arrives from
 * another request. A pending timer says it may still resume. Returns the release.
 */
function holdWhileWaiting(): () => void {
  const timer = setInterval(() => undefined, 1_000);
  return () => clearInterval(timer);
}

/** Creates a {@link TaskRuntime}. */
export function createTaskRuntime(options: TaskRuntimeOptions): TaskRuntime {
  const { executor, store, logger } = options;
  // A Map, not the record: a skill id such as `constructor` must not find Object's.
  const skillExecutors = new Map(Object.entries(options.skillExecutors ?? {}));
  const coordinator: Coordinator | undefined = options.cluster
    ? createCoordinator(options.cluster, {
        hub: options.hub,
        logger,
        onRequest: (body) => handleForwarded(body as ForwardedRequest),
        recover: (lease) => recover?.(lease) ?? Promise.resolve(),
        onLeaseLost: (taskId) => dropLostTask(taskId),
      })
    : undefined;
  const hub = coordinator?.hub ?? options.hub;
  const registry = createChannelRegistry(store, hub);
  const live = new Set<LiveExecution>();
  const slots = createSlotPool(options.maxRunningTasks ?? DEFAULT_MAX_RUNNING_TASKS);
  const repeatWindow = options.repeatedMessageWindowMs ?? DEFAULT_REPEATED_MESSAGE_WINDOW_MS;
  const repeats = repeatWindow > 0 ? createRepeatedMessages({ store, windowMs: repeatWindow }) : undefined;
  let closing = false;

  function takeSlot(): ReleaseSlot {
    const release = slots.tryAcquire();
    if (!release) throw tooManyTasksError(slots.limit);
    return release;
  }

  // Cuts an execution loose (cancel, shutdown, lost lease) and frees its slot, even if it ignores its signal.
  function cutLoose(execution: LiveExecution, reason: 'canceled' | 'shutdown' | 'lease-lost'): void {
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
    const waitUntil = input.waitUntil ?? options.waitUntil;
    const own = input.skillId === undefined ? undefined : skillExecutors.get(input.skillId);
    const execution = runExecution({
      channel,
      executor: own ?? executor,
      logger,
      onEarlyError: extra.onEarlyError,
      holdWhileWaiting: waitUntil && holdWhileWaiting,
      request: {
        message,
        task: extra.task,
        taskId: channel.taskId,
        contextId: channel.contextId,
        referencedTasks: extra.referencedTasks,
        user: input.user,
        tenant: input.tenant,
        requestedExtensions: input.requestedExtensions,
        skillId: input.skillId,
      },
    });
    live.add(execution);
    execution.releaseSlot = extra.release;
    waitUntil?.(execution.done);
    void execution.done.then(() => {
      live.delete(execution);
      extra.release();
      // The lease goes with the execution, unless another one on this task started here meanwhile; a task whose
      // end the store refused keeps it until it expires, so recovery ends the task once the store is back.
      if (!coordinator || registry.peek(channel.taskId)?.execution) return;
      if (execution.unrecorded) coordinator.forget(channel.taskId);
      else void coordinator.release(channel.taskId);
    });
  }

  // The task's lease when no execution here holds it: here (taken), or the instance to forward to.
  async function claim(taskId: string, forwarded: boolean): Promise<{ here: boolean; holder?: string }> {
    if (!coordinator || registry.peek(taskId)?.execution) return { here: true };
    const claimed = await coordinator.claim(taskId);
    if (claimed.here) return { here: true };
    if (forwarded) {
      throw overloadError(TASK_BUSY_ELSEWHERE, `Task ${taskId} moved to another instance; retry`, 1);
    }
    return { here: false, holder: claimed.holder };
  }

  // Gives a lease taken for one piece of work back, unless an execution here now holds it.
  async function releaseUnlessRunning(taskId: string): Promise<void> {
    if (coordinator && !registry.peek(taskId)?.execution) await coordinator.release(taskId);
  }

  // The lease of a task about to be made, taken ahead; given up when no task is made after all.
  function leaseNewTask(): NewTaskLease | undefined {
    if (!coordinator) return undefined;
    const taskId = createSortableId();
    const claimed = coordinator.claimNew(taskId);
    // Awaited by sendNew, which reports a failure; given up otherwise.
    claimed.catch(() => undefined);
    return {
      taskId,
      claimed,
      giveUp: () => {
        claimed.then(() => coordinator.release(taskId)).catch(() => undefined);
      },
    };
  }

  async function sendNew(
    input: SendInput,
    observer: TaskObserver,
    referencedTasks: Task[],
    lease?: NewTaskLease,
  ): Promise<Subscription> {
    const release = takeSlot();
    // Ids that sort by creation time: a durable store writes the newest tasks on the same index pages.
    const taskId = lease?.taskId ?? createSortableId();
    const contextId = input.message.contextId || createSortableId();
    if (coordinator) {
      try {
        await (lease?.claimed ?? coordinator.claimNew(taskId));
      } catch (error) {
        release();
        throw error;
      }
    }
    const channel = registry.reserve(taskId, contextId, input.scope);
    repeats?.remember(input.scope, input.message.messageId, taskId);
    const stop = hub.listen(taskId, (event) => observer.event(event));
    const message = messageForTask(input.message, taskId, contextId);
    start(channel, input, message, {
      release,
      task: undefined,
      referencedTasks,
      onEarlyError: (error) => observer.error(error),
    });
    return { taskId, stop };
  }

  /** The store's events after a generation, through its synchronous face when it has one. */
  function eventsAfter(taskId: string, generation: number) {
    return store.sync ? store.sync.eventsAfter(taskId, generation) : store.eventsAfter?.(taskId, generation);
  }

  /** The channel's task as a Task event, stamped with its generation. */
  async function snapshotEvent(
    channel: TaskChannel,
    read: TaskReadOptions | undefined,
  ): Promise<StreamResponse> {
    const stored = await channel.read(read);
    return stampGeneration({ task: stored.task }, stored.version);
  }

  async function sendExisting(
    taskId: string,
    input: SendInput,
    observer: TaskObserver,
    referencedTasks: Task[],
    forwarded = false,
  ): Promise<Subscription> {
    const where = await claim(taskId, forwarded);
    if (!where.here && where.holder !== undefined && coordinator) {
      const holder = where.holder;
      const stop = await followRemoteTask({
        taskId,
        scope: input.scope,
        store,
        observer,
        read: { historyLength: input.historyLength },
        listen: coordinator.listen,
        before: async () =>
          (await coordinator.forward(holder, {
            op: 'send',
            input,
          } satisfies ForwardedRequest)) as VersionedTask,
        refuseFinished: false,
      });
      return { taskId, stop: stop.stop };
    }
    try {
      return await sendHere(taskId, input, observer, referencedTasks);
    } finally {
      await releaseUnlessRunning(taskId);
    }
  }

  function sendHere(taskId: string, input: SendInput, observer: TaskObserver, referencedTasks: Task[]) {
    return registry.withTask(taskId, async (channel): Promise<Subscription> => {
      assertAcceptsMessage(channel, input.message, input.scope);
      if (input.ifGenerationMatch !== undefined) {
        // In the channel's queue: no write of this task can come between the check and the send.
        const current = (await channel.read({ historyLength: 0, includeArtifacts: false })).version;
        if (current !== input.ifGenerationMatch) {
          throw A2AError.taskGenerationMismatch(taskId, input.ifGenerationMatch, current);
        }
      }
      const execution = channel.execution;
      // Resuming the execution waiting for input takes no new slot; starting one does.
      const release = execution?.pendingReply ? undefined : takeSlot();
      try {
        const before = execution ? undefined : await channel.snapshot();
        const message = messageForTask(input.message, taskId, channel.contextId);
        await channel.addUserMessage(message);
        repeats?.remember(input.scope, message.messageId, taskId);
        await channel.setStatus('TASK_STATE_WORKING');
        const snapshot = await channel.read({ historyLength: input.historyLength });
        const first = { task: snapshot.task, version: snapshot.version };
        observer.event(stampGeneration({ task: snapshot.task }, snapshot.version));
        const stop = hub.listen(taskId, (event) => observer.event(event));
        if (execution?.pendingReply) {
          const pending = execution.pendingReply;
          execution.pendingReply = undefined;
          pending.resolve({ message, user: input.user });
        } else {
          start(channel, input, message, {
            release: release ?? takeSlot(),
            task: before,
            referencedTasks,
            onEarlyError: (error) => observer.error(error),
          });
        }
        return { taskId, stop, first };
      } catch (error) {
        release?.();
        throw error;
      }
    });
  }

  /**
   * Answers a message sent again with the task it went to: its snapshot, then its events until it ends or waits
   * (a task already waiting for input, or ended, is answered at once, as the first send was). `undefined` when
   * that message made no task the caller can see (it was answered with a direct Message): it is sent as new.
   * Another message under the same id is refused (MESSAGE_ID_REUSED) before anything is written.
   */
  async function answerRepeat(
    taskId: string,
    input: SendInput,
    observer: TaskObserver,
  ): Promise<Subscription | undefined> {
    let first = true;
    const ending: TaskObserver = {
      event(event) {
        observer.event(event);
        if (!first || !('task' in event)) return;
        first = false;
        const { task } = event;
        // A snapshot waiting for input ends neither a blocking send nor a stream: its status, sent after it, does.
        if (isInterruptedState(task.status.state)) {
          const status: StreamResponse = {
            statusUpdate: { taskId: task.id, contextId: task.contextId ?? '', status: task.status },
          };
          observer.event(status);
        }
      },
      error: (error) => observer.error(error),
    };
    const read = { historyLength: input.historyLength };
    if (coordinator?.distributed && !registry.peek(taskId)?.execution) {
      const stored = await store.get(taskId, { includeArtifacts: false });
      if (stored === undefined || !isSameScope(stored.scope, input.scope)) return undefined;
      assertSameMessage(input.message, stored.task);
      const stop = await followRemoteTask({
        taskId,
        scope: input.scope,
        store,
        observer: ending,
        read,
        listen: coordinator.listen,
        refuseFinished: false,
      });
      return { taskId, stop: stop.stop };
    }
    const answered = registry.withTask(taskId, async (channel) => {
      if (!isVisible(channel, input.scope)) return undefined;
      // The whole history, to find the first message under this id (a repeat is rare: the second read is cheap).
      assertSameMessage(input.message, await channel.snapshot({ includeArtifacts: false }));
      const snapshot = await channel.snapshot(read);
      ending.event({ task: snapshot });
      const state = snapshot.status.state;
      if (isTerminalState(state) || isInterruptedState(state)) return { taskId, stop: () => undefined };
      const stop = hub.listen(taskId, (event) => observer.event(event));
      return { taskId, stop };
    });
    return answered.catch((error: unknown) => {
      if (isA2AError(error, 'TaskNotFoundError')) return undefined;
      throw error;
    });
  }

  async function cancelTask(taskId: string, scope: TaskScope, forwarded = false): Promise<Task> {
    const where = await claim(taskId, forwarded);
    if (!where.here && where.holder !== undefined && coordinator) {
      await coordinator.forward(where.holder, { op: 'cancel', taskId, scope } satisfies ForwardedRequest);
      const stored = await store.get(taskId);
      if (!stored || !isSameScope(stored.scope, scope)) throw A2AError.taskNotFound(taskId);
      return stored.task;
    }
    try {
      return await registry.withTask(taskId, async (channel) => {
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
    } finally {
      await releaseUnlessRunning(taskId);
    }
  }

  // The follow-up's first snapshot goes back to the instance that was called, which streams it and what follows.
  async function handleForwarded(request: ForwardedRequest): Promise<VersionedTask | undefined> {
    if (closing) throw shuttingDownError();
    if (request.op === 'cancel') {
      await cancelTask(request.taskId, request.scope, true);
      return undefined;
    }
    const taskId = request.op === 'send' ? request.input.message.taskId : undefined;
    if (request.op === 'send' && taskId) {
      const { input } = request;
      const references = await resolveReferences(input.message, input.scope);
      const subscription = await sendExisting(taskId, input, SILENT, references, true);
      subscription.stop();
      return subscription.first;
    }
    throw A2AError.internal('Another instance sent a request this one does not know');
  }

  const recover: ((lease: ExpiredLease) => Promise<void>) | undefined =
    coordinator &&
    createTaskRecovery({
      registry,
      logger,
      restart: options.cluster?.restartInterruptedTasks === true,
      coordinator,
      isClosing: () => closing,
      takeSlot: () => slots.tryAcquire(),
      restartExecution: (channel, input, task, release) =>
        start(channel, input, input.message, {
          release,
          task,
          referencedTasks: [],
          onEarlyError: (error) =>
            logger.warn('A restarted task failed at once', { taskId: channel.taskId, error }),
        }),
    });

  // Another instance took the task over: stop the execution here without writing anything more.
  function dropLostTask(taskId: string): void {
    void registry
      .withTask(taskId, async (channel) => {
        const execution = channel.execution;
        if (!execution) return;
        cutLoose(execution, 'lease-lost');
        channel.detachExecution(execution);
      })
      .catch(() => undefined);
  }

  return {
    async send(input, observer) {
      if (closing) throw shuttingDownError();
      const referencedTasks = input.message.referenceTaskIds?.length
        ? await resolveReferences(input.message, input.scope)
        : [];
      const taskId = input.message.taskId;
      // Answered from memory without a promise hop; a store is asked only when it keeps ids across restarts.
      const found = repeats?.find(input.scope, input.message.messageId);
      // While the store looks the message up, a new task's lease is taken: one wait on the database, not two.
      const lease = !taskId && isPromise(found) ? leaseNewTask() : undefined;
      let repeated: string | undefined;
      try {
        repeated = isPromise(found) ? await found : found;
        // The id went to another task: a follow-up to this one is another message under a used id.
        if (repeated !== undefined && taskId && taskId !== repeated) {
          throw messageIdReusedError(input.message.messageId, repeated);
        }
        if (repeated !== undefined) {
          let answered = await answerRepeat(repeated, input, observer);
          if (answered === undefined && repeats !== undefined && !isPromise(found)) {
            // Noted here but never kept (another instance made the message's task first): the store knows.
            repeats.forget(input.scope, input.message.messageId);
            const kept = await repeats.find(input.scope, input.message.messageId);
            if (kept !== undefined && kept !== repeated) answered = await answerRepeat(kept, input, observer);
          }
          if (answered) {
            lease?.giveUp();
            return answered;
          }
        }
      } catch (error) {
        lease?.giveUp();
        throw error;
      }
      return taskId
        ? sendExisting(taskId, input, observer, referencedTasks)
        : sendNew(input, observer, referencedTasks, lease);
    },

    async subscribe(taskId, scope, observer, read, after) {
      if (closing) throw shuttingDownError();
      if (coordinator?.distributed && !registry.peek(taskId)?.execution) {
        const stop = await followRemoteTask({
          taskId,
          scope,
          store,
          observer,
          read,
          listen: coordinator.listen,
          refuseFinished: after === undefined,
          ...(after === undefined ? {} : { after }),
        });
        return { taskId, stop: stop.stop, openWithoutEvent: stop.openWithoutEvent };
      }
      return registry.withTask(taskId, async (channel) => {
        if (!isVisible(channel, scope)) throw A2AError.taskNotFound(taskId);
        const state = channel.state ?? 'TASK_STATE_UNSPECIFIED';
        const ended = isTerminalState(state);
        // Read, sent and listened to in one queued step: no event can fall between them or be seen twice.
        const replay = after === undefined ? undefined : await eventsAfter(taskId, after);
        if (replay?.complete) {
          sendReplayed(observer, replay.events);
          if (ended) {
            // Nothing left to replay of an ended task: its final snapshot ends the stream.
            if (replay.events.length === 0) observer.event(await snapshotEvent(channel, read));
            return { taskId, stop: () => undefined };
          }
          const stop = hub.listen(taskId, (event) => observer.event(event));
          return { taskId, stop, openWithoutEvent: replay.events.length === 0 };
        }
        if (ended && after === undefined) {
          throw A2AError.unsupportedOperation(
            `Task ${taskId} is ${state}; a finished task has no events to subscribe to`,
          );
        }
        observer.event(await snapshotEvent(channel, read));
        if (ended) return { taskId, stop: () => undefined };
        const stop = hub.listen(taskId, (event) => observer.event(event));
        return { taskId, stop };
      });
    },

    async waitForGeneration(taskId, scope, after, { timeoutMs, signal }) {
      let advanced: () => void = () => undefined;
      const moved = new Promise<void>((resolve) => {
        advanced = resolve;
      });
      const listener = (_event: StreamResponse, version: number) => {
        if (version > after) advanced();
      };
      // Listening first, then reading: an event between the two is not missed.
      const stop = coordinator?.distributed
        ? await coordinator.listen(taskId, listener)
        : hub.listen(taskId, listener);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const aborted = () => advanced();
      try {
        const stored = await store.get(taskId, { historyLength: 0, includeArtifacts: false });
        if (!stored || !isSameScope(stored.scope, scope)) throw A2AError.taskNotFound(taskId);
        if (stored.version > after || isTerminalState(stored.task.status.state)) return;
        timer = setTimeout(advanced, timeoutMs);
        signal?.addEventListener('abort', aborted, { once: true });
        await moved;
      } finally {
        if (timer !== undefined) clearTimeout(timer);
        signal?.removeEventListener('abort', aborted);
        stop();
      }
    },

    cancel: (taskId, scope) => cancelTask(taskId, scope),

    async shutdown({ deadlineMs = 10_000 } = {}) {
      closing = true;
      await shutDownExecutions({ live, registry, logger, deadlineMs, cutLoose });
      await coordinator?.close();
    },

    ready: () => coordinator?.ready() ?? Promise.resolve(),
  };
}

interface StartExtra {
  /** Frees the execution's running-task slot. */
  readonly release: ReleaseSlot;
  readonly task: Task | undefined;
  readonly referencedTasks: readonly Task[];
  readonly onEarlyError: (error: A2AError) => void;
}

/** A new task's id and the claim of its lease, started before the task is made. */
interface NewTaskLease {
  readonly taskId: string;
  readonly claimed: Promise<void>;
  giveUp(): void;
}
