import {
  A2AError,
  type Artifact,
  isTerminalState,
  type Message,
  type Task,
  type TaskStatus,
} from '@baton/protocol';
import { type FinishedLink, FinishedTasks } from './finished-tasks.ts';
import { listInWriteOrder, listRecords } from './list-records.ts';
import { ListingOrder, type OrderedEntry } from './listing-order.ts';
import { scopeKey } from './scope-key.ts';
import { TaskRecord } from './task-record.ts';
import type {
  ArtifactChunk,
  StoredTask,
  SyncTaskStore,
  TaskPage,
  TaskQuery,
  TaskReadOptions,
  TaskScope,
  TaskStore,
} from './task-store.ts';
import { DEFAULT_REPLAY_WINDOW } from './task-store.ts';

/** How many of the most recently finished tasks keep their events for resumes, by default. */
export const DEFAULT_REPLAY_FINISHED_TASKS = 64;

/** Bounds of an in-memory store. Running and interrupted tasks are never evicted; only finished ones. */
export interface InMemoryTaskStoreOptions {
  /** How many finished (terminal) tasks to keep; beyond it the least recently used go first. Default 1000. */
  readonly maxFinishedTasks?: number;
  /** Also evict a finished task this long (ms) after it was last written or read. Default: no limit. */
  readonly finishedTaskTtlMs?: number;
  /** The clock, in epoch milliseconds; for tests. */
  readonly now?: () => number;
  /** Called with the id of each task the bound evicts, e.g. to drop its push-notification configs. */
  readonly onEvict?: (taskId: string) => void;
  /** How many of each task's latest events are kept for streams that resume; default 1,000; 0 keeps none. */
  readonly replayWindow?: number;
  /**
   * Of the finished tasks, how many of the most recently finished keep their events for a stream that resumes
   * after the end (older ones answer a resume with their final Task); default 64. Kept events cost memory for as long
   * as the task is kept, and a stream resumes soon after it dropped.
   */
  readonly replayFinishedTasks?: number;
}

/** What {@link InMemoryTaskStore.inspect} shows of a live record. */
export interface TaskRecordView {
  /** The live artifact object the store appends into; never mutate it. */
  artifact(artifactId: string): Readonly<Artifact> | undefined;
}

/** A {@link TaskStore} in process memory, with a bound on finished tasks. */
export interface InMemoryTaskStore extends TaskStore {
  readonly sync: SyncTaskStore;
  /** How many tasks are held right now. */
  readonly size: number;
  /** The live record of a task, for tests and diagnostics; `undefined` when absent. */
  inspect(taskId: string): TaskRecordView | undefined;
}

/** One task as the store holds it: its record, its place in the listing order and in the finished list. */
interface StoreEntry extends OrderedEntry, FinishedLink {}

/** The default bound on finished tasks kept by {@link createInMemoryTaskStore}. */
export const DEFAULT_MAX_FINISHED_TASKS = 1000;

/**
 * Creates a task store that keeps tasks in a Map and changes each record in place (see `TaskRecord`), so an
 * event costs what the event holds, not what the task holds. Finished tasks are kept in least-recently-used
 * order and evicted beyond `maxFinishedTasks` or after `finishedTaskTtlMs`.
 *
 * @example
 * const store = createInMemoryTaskStore({ maxFinishedTasks: 10_000, finishedTaskTtlMs: 3_600_000 });
 */
export function createInMemoryTaskStore(options: InMemoryTaskStoreOptions = {}): InMemoryTaskStore {
  const maxFinished = options.maxFinishedTasks ?? DEFAULT_MAX_FINISHED_TASKS;
  const ttl = options.finishedTaskTtlMs;
  const now = options.now ?? Date.now;
  const replayWindow = options.replayWindow ?? DEFAULT_REPLAY_WINDOW;
  // The records of the most recently finished tasks that still keep their events, oldest first.
  const replayFinished = Math.max(0, options.replayFinishedTasks ?? DEFAULT_REPLAY_FINISHED_TASKS);
  const finishedWithEvents: TaskRecord[] = [];
  const keepEventsOfFinished = (record: TaskRecord) => {
    finishedWithEvents.push(record);
    if (finishedWithEvents.length > replayFinished) finishedWithEvents.shift()?.forgetEvents();
  };
  if (!Number.isInteger(maxFinished) || maxFinished < 0)
    throw new RangeError('maxFinishedTasks must be a whole number ≥ 0');
  const entries = new Map<string, StoreEntry>();
  const order = new ListingOrder();
  // Finished tasks, least recently used first, with the time of last use.
  const finished = new FinishedTasks<StoreEntry>();
  let sequence = 0;

  function evict(entry: StoreEntry): void {
    finished.remove(entry);
    entries.delete(entry.record.id);
    order.remove(entry);
    options.onEvict?.(entry.record.id);
  }

  function sweep(): void {
    // The common case, checked without reading the clock.
    if (finished.size <= maxFinished && (ttl === undefined || finished.size === 0)) return;
    const time = now();
    for (let oldest = finished.oldest; oldest !== undefined; oldest = finished.oldest) {
      if (finished.size <= maxFinished && (ttl === undefined || time - oldest.usedAt < ttl)) break;
      evict(oldest);
    }
  }

  function touch(entry: StoreEntry): void {
    if (entry.finished) finished.use(entry, now());
  }

  function entry(taskId: string): StoreEntry {
    sweep();
    const found = entries.get(taskId);
    if (!found) throw A2AError.taskNotFound(taskId);
    touch(found);
    return found;
  }

  const sync: SyncTaskStore = {
    create(task: Task, scope: TaskScope) {
      sweep();
      if (entries.has(task.id)) throw A2AError.internal(`Task ${task.id} already exists`);
      const record = new TaskRecord(task, scope, replayWindow);
      const created: StoreEntry = {
        record,
        sequence: ++sequence,
        scopeKey: scopeKey(scope),
        removed: false,
        slot: -1,
        usedAt: 0,
        finished: false,
        older: undefined,
        newer: undefined,
      };
      entries.set(task.id, created);
      order.add(created);
      if (isTerminalState(record.state)) finished.use(created, now());
      sweep();
    },
    get(taskId: string, readOptions?: TaskReadOptions): StoredTask | undefined {
      sweep();
      const found = entries.get(taskId);
      if (!found) return undefined;
      touch(found);
      const { record } = found;
      return { task: record.snapshot(readOptions), scope: record.scope, version: record.version };
    },
    setStatus(taskId: string, status: TaskStatus) {
      const found = entry(taskId);
      const version = found.record.setStatus(status);
      found.sequence = ++sequence;
      order.moved(found);
      if (isTerminalState(status.state)) {
        finished.use(found, now());
        keepEventsOfFinished(found.record);
      } else finished.remove(found);
      sweep();
      return version;
    },
    addMessage(taskId: string, message: Message) {
      return entry(taskId).record.addMessage(message);
    },
    appendArtifact(taskId: string, artifact: Artifact, chunk: ArtifactChunk) {
      return entry(taskId).record.appendArtifact(artifact, chunk);
    },
    eventsAfter(taskId: string, generation: number) {
      const found = entries.get(taskId);
      return found?.record.eventsAfter(generation);
    },
  };

  return {
    sync,
    get size() {
      sweep();
      return entries.size;
    },
    inspect(taskId) {
      return entries.get(taskId)?.record;
    },
    create: async (task, scope) => sync.create(task, scope),
    get: async (taskId, readOptions) => sync.get(taskId, readOptions),
    setStatus: async (taskId, status) => sync.setStatus(taskId, status),
    addMessage: async (taskId, message) => sync.addMessage(taskId, message),
    appendArtifact: async (taskId, artifact, chunk) => sync.appendArtifact(taskId, artifact, chunk),
    eventsAfter: async (taskId, generation) => sync.eventsAfter(taskId, generation),
    async pruneFinished(before: number, limit: number): Promise<number> {
      let deleted = 0;
      for (let entry = finished.oldest; entry !== undefined && deleted < limit; ) {
        const next = finished.newerThan(entry);
        if (entry.record.statusTimestamp < before) {
          evict(entry);
          deleted += 1;
        }
        entry = next;
      }
      return deleted;
    },
    async list(query: TaskQuery): Promise<TaskPage> {
      sweep();
      const { page, records } = order.ordered
        ? listInWriteOrder(order, query)
        : listRecords(entries.values(), query);
      for (const record of records) {
        const listed = entries.get(record.id);
        if (listed) touch(listed);
      }
      return page;
    },
  };
}
