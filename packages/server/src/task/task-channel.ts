import {
  type Artifact,
  assertTransition,
  isTerminalState,
  type Message,
  nowTimestamp,
  type Task,
  type TaskState,
  type TaskStatus,
} from '@baton/protocol';
import { withFirstWrite } from '../store/first-write.ts';
import type {
  ArtifactChunk,
  FirstWrite,
  StoredTask,
  SyncTaskStore,
  TaskReadOptions,
  TaskScope,
  TaskStore,
} from '../store/task-store.ts';
import type { TaskEventHub } from '../vocabulary/event-hub.ts';
import type { LiveExecution } from './live-execution.ts';
import { andThen, attempt, isPromise, type MaybePromise } from './maybe-promise.ts';

/** The status a write of `state` (with its message) gives a task now. */
function statusOf(state: TaskState, message?: Message): TaskStatus {
  const status: TaskStatus = { state, timestamp: nowTimestamp() };
  if (message) status.message = message;
  return status;
}

/** What a {@link TaskChannel} is made of. */
export interface TaskChannelInit {
  readonly store: TaskStore;
  readonly hub: TaskEventHub;
  readonly taskId: string;
  readonly contextId: string;
  readonly scope: TaskScope;
  /** The task's state, or `undefined` for a task whose id is reserved but which is not created yet. */
  readonly state: TaskState | undefined;
  /** Called when no work is queued and no execution is attached, so the registry can drop the channel. */
  readonly onIdle: (channel: TaskChannel) => void;
}

/**
 * The single writer of one task in this process. Work on the task runs one piece at a time, in call order
 * ({@link run}); each write checks the lifecycle against the cached state, applies one change to the store,
 * then publishes one event. The cached state is why no write needs to read the task back.
 * The write methods assume they run inside {@link run}.
 */
export class TaskChannel {
  readonly taskId: string;
  readonly contextId: string;
  readonly scope: TaskScope;
  /** The execution working on this task, if one is live here. */
  execution: LiveExecution | undefined;
  private readonly store: TaskStore;
  private readonly sync: SyncTaskStore | undefined;
  private readonly hub: TaskEventHub;
  private readonly onIdle: (channel: TaskChannel) => void;
  private currentState: TaskState | undefined;
  private tail: Promise<unknown> = Promise.resolve();
  // Work queued or running: the channel is idle at 0.
  private pending = 0;
  // While work that found the queue idle is running synchronously, its promise is not known yet: work queued
  // from inside it waits here, to be chained behind it once it returns.
  private starting = false;
  private early: (() => void)[] = [];
  private readonly settleOne = () => this.settle();

  constructor(init: TaskChannelInit) {
    this.store = init.store;
    this.sync = init.store.sync;
    this.hub = init.hub;
    this.taskId = init.taskId;
    this.contextId = init.contextId;
    this.scope = init.scope;
    this.currentState = init.state;
    this.onIdle = init.onIdle;
  }

  /** The task's state; `undefined` until the task is created. */
  get state(): TaskState | undefined {
    return this.currentState;
  }

  /** Whether the task exists in the store. */
  get created(): boolean {
    return this.currentState !== undefined;
  }

  /**
   * Runs `work` after all work queued before it; the queue goes on whether `work` succeeds or fails. Work that
   * finds the queue idle starts at once, and work that finishes at once (a write to a `sync` store) settles
   * without a hop through the queue. Queued work starts once the work before it has settled and its caller has
   * been told, as before: a caller awaiting a write resumes before the next queued write (a cancel) applies.
   */
  run<T>(work: () => MaybePromise<T>): Promise<T> {
    if (this.pending === 0) return this.startNow(work);
    this.pending += 1;
    if (!this.starting) return this.chain(work);
    return new Promise<T>((resolve, reject) => {
      this.early.push(() => {
        this.chain(work).then(resolve, reject);
      });
    });
  }

  private chain<T>(work: () => MaybePromise<T>): Promise<T> {
    const result = this.tail.then(work);
    this.tail = result.then(this.settleOne, this.settleOne);
    return result;
  }

  private startNow<T>(work: () => MaybePromise<T>): Promise<T> {
    this.pending = 1;
    this.starting = true;
    const result = attempt(work);
    this.starting = false;
    if (isPromise(result)) this.tail = result.then(this.settleOne, this.settleOne);
    if (this.early.length > 0) {
      const early = this.early;
      this.early = [];
      for (const queue of early) queue();
    }
    if (isPromise(result)) return result;
    this.settle();
    return Promise.resolve(result);
  }

  /** Drops the execution and lets the channel go once its queue is empty. */
  detachExecution(execution: LiveExecution): void {
    if (this.execution !== execution) return;
    this.execution = undefined;
    if (this.pending === 0) this.onIdle(this);
  }

  /** Creates the task in SUBMITTED with the user's message as its history, and publishes it. */
  create(userMessage: Message): MaybePromise<void> {
    if (this.currentState !== undefined) return;
    const task: Task = {
      id: this.taskId,
      contextId: this.contextId,
      status: { state: 'TASK_STATE_SUBMITTED', timestamp: nowTimestamp() },
      history: [userMessage],
    };
    const created = () => {
      this.currentState = task.status.state;
      this.hub.publish(this.taskId, { task }, 1);
    };
    if (this.sync) {
      this.sync.create(task, this.scope);
      return created();
    }
    return this.store.create(task, this.scope).then(created);
  }

  /**
   * Creates the task (as {@link create}) and makes its first write (as {@link setStatus} or {@link writeArtifact})
   * in one write to the store (`TaskStore.createWith`), then publishes both events, in that order.
   */
  private async createWith(userMessage: Message, first: FirstWrite): Promise<void> {
    const createWith = this.store.createWith;
    if (!createWith || this.currentState !== undefined) throw new Error('createWith: not a new task');
    const task: Task = {
      id: this.taskId,
      contextId: this.contextId,
      status: { state: 'TASK_STATE_SUBMITTED', timestamp: nowTimestamp() },
      history: [userMessage],
    };
    if ('status' in first) assertTransition(task.status.state, first.status.state);
    // The write's event as the store logs it.
    const event = withFirstWrite(task, first).first;
    const version = await createWith.call(this.store, task, this.scope, first);
    this.currentState = task.status.state;
    this.hub.publish(this.taskId, { task }, 1);
    if ('status' in first) {
      this.currentState = first.status.state;
      if (isTerminalState(first.status.state)) this.execution?.releaseSlot();
    }
    this.hub.publish(this.taskId, event, version);
  }

  /** Creates the task and moves it to `state`: one write where the store takes both at once (see {@link createWith}). */
  createWithStatus(userMessage: Message, state: TaskState, message?: Message): MaybePromise<void> {
    if (this.createsWithFirstWrite())
      return this.createWith(userMessage, { status: statusOf(state, message), message });
    return andThen(this.create(userMessage), () => this.setStatus(state, message));
  }

  /** Creates the task and writes its first artifact event: one write where the store takes both at once. */
  createWithArtifact(userMessage: Message, artifact: Artifact, chunk: ArtifactChunk): MaybePromise<void> {
    if (this.createsWithFirstWrite()) return this.createWith(userMessage, { artifact, chunk });
    return andThen(this.create(userMessage), () => this.writeArtifact(artifact, chunk));
  }

  // A store a network hop away that offers `createWith`; a store in memory answers each write at once.
  private createsWithFirstWrite(): boolean {
    return this.sync === undefined && this.store.createWith !== undefined && this.currentState === undefined;
  }

  /** Moves the task to `state` (the message, if any, also goes to history) and publishes the update. */
  setStatus(state: TaskState, message?: Message): MaybePromise<void> {
    assertTransition(this.currentState ?? 'TASK_STATE_UNSPECIFIED', state);
    const status = statusOf(state, message);
    const changed = (version: number) => {
      this.currentState = state;
      // A task that ended no longer counts as running, even while its executor is still unwinding.
      if (isTerminalState(state)) this.execution?.releaseSlot();
      this.hub.publish(
        this.taskId,
        { statusUpdate: { taskId: this.taskId, contextId: this.contextId, status } },
        version,
      );
    };
    if (this.sync) {
      if (message) this.sync.addMessage(this.taskId, message);
      return changed(this.sync.setStatus(this.taskId, status));
    }
    const store = this.store;
    const stored = message ? store.addMessage(this.taskId, message) : Promise.resolve(0);
    return stored.then(() => store.setStatus(this.taskId, status)).then(changed);
  }

  /** Applies one artifact event to the store and publishes it; refused once the task is terminal. */
  writeArtifact(artifact: Artifact, chunk: ArtifactChunk): MaybePromise<void> {
    const state = this.currentState;
    if (state === undefined || isTerminalState(state)) {
      throw new Error(
        `Cannot add artifact ${artifact.artifactId} to task ${this.taskId}: it is ${state ?? 'not created'}`,
      );
    }
    const written = (version: number) =>
      this.hub.publish(
        this.taskId,
        {
          artifactUpdate: {
            taskId: this.taskId,
            contextId: this.contextId,
            artifact,
            append: chunk.append,
            lastChunk: chunk.lastChunk,
          },
        },
        version,
      );
    if (this.sync) return written(this.sync.appendArtifact(this.taskId, artifact, chunk));
    return this.store.appendArtifact(this.taskId, artifact, chunk).then(written);
  }

  /** Adds a client message to the history (no event: the status change that follows is the event). */
  async addUserMessage(message: Message): Promise<void> {
    await this.store.addMessage(this.taskId, message);
  }

  /** Publishes a direct Message reply (no task is created). */
  publishReply(message: Message): void {
    this.execution?.releaseSlot();
    this.hub.publish(this.taskId, { message }, 0);
  }

  /** Reads the task from the store. */
  async snapshot(options?: TaskReadOptions): Promise<Task> {
    return (await this.read(options)).task;
  }

  /** Reads the task from the store, with its version. */
  async read(options?: TaskReadOptions): Promise<StoredTask> {
    const stored = await this.store.get(this.taskId, options);
    if (!stored) throw new Error(`Task ${this.taskId} vanished from the store while in use`);
    return stored;
  }

  private settle(): void {
    this.pending -= 1;
    if (this.pending === 0 && this.execution === undefined) this.onIdle(this);
  }
}
