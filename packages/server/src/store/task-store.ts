import type { Artifact, Message, StreamResponse, Task, TaskState, TaskStatus } from '@baton/protocol';

/**
 * Who a task belongs to: the tenant it was created in and the id of the caller that created it. A task is
 * visible only to calls with the same tenant and the same user id (`undefined` matches only `undefined`).
 */
export interface TaskScope {
  readonly tenant?: string | undefined;
  readonly ownerId?: string | undefined;
}

/** How much of a task a read returns. */
export interface TaskReadOptions {
  /** Unset: the whole history; 0: no `history` field; N: the last N messages. */
  readonly historyLength?: number | undefined;
  /** Unset: `artifacts` when there are any; `true`: always (possibly `[]`); `false`: no `artifacts` field. */
  readonly includeArtifacts?: boolean | undefined;
}

/** A task as read from a store, with the scope it belongs to. */
export interface StoredTask {
  readonly task: Task;
  readonly scope: TaskScope;
  /**
   * The task's generation (the A2A 1.1 draft's `generation`): 1 after `create`, one more for every status and
   * every artifact write, each of which is one event. A message added to the history alone does not change it.
   * Every write returns the generation it made and events carry it, so a reader that combines a snapshot with
   * live events drops the events the snapshot holds, and a resumed stream asks for the events after the last.
   */
  readonly version: number;
}

/** One event of a task with the generation the write that made it gave the task. */
export interface GeneratedEvent {
  readonly event: StreamResponse;
  readonly generation: number;
}

/** What a store still holds of a task's events after a generation (see {@link TaskStore.eventsAfter}). */
export interface ReplayedEvents {
  /** `true` when the store holds every event after the generation asked for; `false` when some fell out of its window. */
  readonly complete: boolean;
  /** When complete, the events after that generation, oldest first; empty otherwise. */
  readonly events: readonly GeneratedEvent[];
  /** The task's generation now. */
  readonly generation: number;
}

/** How many of a task's latest events a store keeps for streams that resume, by default. */
export const DEFAULT_REPLAY_WINDOW = 1_000;

/** A new task's first write, made with it (see {@link TaskStore.createWith}). */
export type FirstWrite =
  | { readonly status: TaskStatus; readonly message?: Message | undefined }
  | { readonly artifact: Artifact; readonly chunk: ArtifactChunk };

/** How an artifact event combines with what the task already holds. */
export interface ArtifactChunk {
  /** `false`: add the artifact, or replace the one with the same id; `true`: append its parts to that one. */
  readonly append: boolean;
  /** Whether this is the artifact's final chunk. */
  readonly lastChunk: boolean;
}

/** The filters and page of a task listing; the scope is mandatory, so callers only ever see their own tasks. */
export interface TaskQuery extends TaskReadOptions {
  readonly scope: TaskScope;
  readonly contextId?: string | undefined;
  readonly status?: TaskState | undefined;
  /** Only tasks whose status timestamp is at or after this instant (any RFC 3339 form). */
  readonly statusTimestampAfter?: string | undefined;
  /** Already validated by the caller: 1..100. */
  readonly pageSize: number;
  /** A `nextPageToken` this store returned before; anything else rejects with InvalidParams. */
  readonly pageToken?: string | undefined;
}

/** One page of a task listing, newest status first. */
export interface TaskPage {
  readonly tasks: Task[];
  /** `""` on the last page. */
  readonly nextPageToken: string;
  /** How many tasks matched before paging. */
  readonly totalSize: number;
}

/**
 * Where tasks live. Writes apply one change at a time, so a store can update its record in place (or issue
 * one small SQL statement) instead of rewriting the whole task on every event. A store must not mutate the
 * objects it is given (the runtime hands the same objects to stream subscribers), and what it returns from a
 * read must be a copy or a value it will not mutate later. Live event delivery is not the store's job: see
 * `TaskEventHub`. Writes to an unknown task reject with TaskNotFound.
 */
export interface TaskStore {
  /** Saves a new task (version 1); rejects when the id is taken. */
  create(task: Task, scope: TaskScope): Promise<void>;
  /**
   * Saves a new task together with its first write, as `create` and then that write would (a status: its message
   * added to the history first, then the status; an artifact event), in one write to the database: resolves with
   * the task's version (2), and the write is logged for replay as it would be on its own. Optional: without it the
   * runtime creates the task and then writes. Lets a store a network hop away make a task's first event one wait.
   */
  createWith?(task: Task, scope: TaskScope, first: FirstWrite): Promise<number>;
  /** Reads a task, or `undefined` when it does not exist (or was evicted). */
  get(taskId: string, options?: TaskReadOptions): Promise<StoredTask | undefined>;
  /** Replaces the task's status and resolves with the task's new version. Lifecycle rules are the runtime's job. */
  setStatus(taskId: string, status: TaskStatus): Promise<number>;
  /** Appends a message to the task's history; resolves with the task's generation (which it does not change). */
  addMessage(taskId: string, message: Message): Promise<number>;
  /** Adds, replaces or extends one artifact, as an artifact update event would; resolves with the new version. */
  appendArtifact(taskId: string, artifact: Artifact, chunk: ArtifactChunk): Promise<number>;
  /** Lists the tasks in `query.scope` matching the filters, newest status timestamp first. */
  list(query: TaskQuery): Promise<TaskPage>;
  /**
   * The task's events after `generation` (its status and artifact updates, as they were published), for a stream
   * that resumes where it dropped (`Last-Event-ID`); `undefined` when the task does not exist. A store keeps a
   * bounded window of each task's latest events (default {@link DEFAULT_REPLAY_WINDOW}); asked for more, it answers
   * `complete: false` and the caller falls back to the snapshot. A store without it makes every resume a snapshot.
   */
  eventsAfter?(taskId: string, generation: number): Promise<ReplayedEvents | undefined>;
  /**
   * The id of the task in `scope` holding a user message with this `messageId`, among the tasks whose status
   * changed at or after `since` (epoch ms); `undefined` when there is none. Lets a server answer a message sent
   * again (after a client's crash or timeout) with the task it already made. A store that keeps nothing across
   * restarts may leave it out: the runtime remembers the recent ids itself.
   */
  findUserMessage?(scope: TaskScope, messageId: string, since: number): Promise<string | undefined>;
  /**
   * Deletes up to `limit` finished tasks (completed, failed, canceled, rejected) whose status timestamp is
   * before `before` (epoch ms), with their history, artifacts, push configs and owed push deliveries; resolves
   * with how many it deleted. Retention calls it in small batches (`createRetention`); a store whose tasks do
   * not outlive the process may leave it out.
   */
  pruneFinished?(before: number, limit: number): Promise<number>;
  /**
   * The same reads and writes answered at once, for a store that holds its tasks in process memory. The runtime
   * uses it when present, so a task's events cost no promise hops; a store that does I/O leaves it out.
   */
  readonly sync?: SyncTaskStore;
}

/** The synchronous face of a {@link TaskStore} in process memory: each method behaves as its async twin. */
export interface SyncTaskStore {
  create(task: Task, scope: TaskScope): void;
  get(taskId: string, options?: TaskReadOptions): StoredTask | undefined;
  setStatus(taskId: string, status: TaskStatus): number;
  addMessage(taskId: string, message: Message): number;
  appendArtifact(taskId: string, artifact: Artifact, chunk: ArtifactChunk): number;
  eventsAfter(taskId: string, generation: number): ReplayedEvents | undefined;
}
