import type { Artifact, Message, Task, TaskStatus } from '@baton/protocol';
import type { Logger } from '../vocabulary/logger.ts';
import { scopeFromKey } from './scope-key.ts';
import { TaskRecord } from './task-record.ts';
import type { StoredTask, TaskReadOptions } from './task-store.ts';

/** A JSON column as a driver hands it over: text, or already parsed. */
export type JsonColumn = string | object;

/** One task as a table-based store keeps it: a row for the task, one per message, one per artifact event. */
export interface StoredTaskRows {
  readonly id: string;
  /** The {@link scopeKey} of the task's scope. */
  readonly scope: string;
  /** The task without `status`, `history` and `artifacts`. */
  readonly base: JsonColumn;
  readonly status: JsonColumn;
  /** The history messages to return, oldest first (already trimmed to the read's `historyLength`). */
  readonly messages: readonly JsonColumn[];
  /** Every artifact event of the task, in the order they were written. */
  readonly artifactChunks: readonly { readonly append: boolean; readonly artifact: JsonColumn }[];
  /** The task's version (see `StoredTask.version`). */
  readonly version: number;
}

/** A task whose stored rows cannot be read back (edited by hand, written by something else). */
export class CorruptTaskError extends Error {
  override readonly name = 'CorruptTaskError';
  constructor(
    readonly taskId: string,
    reason: string,
  ) {
    super(`Task ${taskId} is stored in a form that cannot be read: ${reason}`);
  }
}

/**
 * Rebuilds a task from its rows, replaying its artifact events as the in-memory store applies them, and
 * shapes it for the read (`includeArtifacts`). Throws {@link CorruptTaskError} naming the task when a row
 * is not what the store wrote.
 */
export function taskFromRows(rows: StoredTaskRows, options: TaskReadOptions = {}): StoredTask {
  const { id } = rows;
  const object = (value: JsonColumn, what: string): Record<string, unknown> => {
    let parsed: unknown;
    try {
      parsed = typeof value === 'string' ? JSON.parse(value) : value;
    } catch {
      throw new CorruptTaskError(id, `its ${what} is not JSON`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new CorruptTaskError(id, `its ${what} is not a JSON object`);
    }
    return parsed as Record<string, unknown>;
  };
  const base = object(rows.base, 'task row');
  const status = object(rows.status, 'status');
  if (typeof status.state !== 'string') throw new CorruptTaskError(id, 'its status has no state');
  let scope: StoredTask['scope'];
  try {
    scope = scopeFromKey(rows.scope);
  } catch {
    throw new CorruptTaskError(id, 'its scope is not a scope key');
  }
  const history = rows.messages.map((message) => {
    const parsed = object(message, 'history message');
    if (!Array.isArray(parsed.parts)) throw new CorruptTaskError(id, 'a history message has no parts');
    return parsed as unknown as Message;
  });
  const record = new TaskRecord(
    { ...(base as unknown as Task), id, status: status as unknown as TaskStatus, history },
    scope,
  );
  if (options.includeArtifacts !== false) {
    for (const chunk of rows.artifactChunks) {
      const artifact = object(chunk.artifact, 'artifact event');
      if (typeof artifact.artifactId !== 'string' || !Array.isArray(artifact.parts)) {
        throw new CorruptTaskError(id, 'an artifact event has no artifactId or parts');
      }
      record.appendArtifact(artifact as unknown as Artifact, { append: chunk.append, lastChunk: false });
    }
  }
  return {
    task: record.snapshot({ includeArtifacts: options.includeArtifacts }),
    scope,
    version: rows.version,
  };
}

/** The task's fields kept in its own row: everything but `status`, `history` and `artifacts`. */
export function taskBase(task: Task): Omit<Task, 'status' | 'history' | 'artifacts'> {
  const { status: _status, history: _history, artifacts: _artifacts, ...base } = task;
  return base;
}

/**
 * Rebuilds the tasks of a listing page from their rows, in order, skipping (and reporting with its task id) a
 * task whose rows cannot be read, so one bad row never breaks a listing.
 */
export function listedTasks<Row>(
  rows: readonly Row[],
  toRows: (row: Row) => StoredTaskRows,
  options: TaskReadOptions,
  logger: Logger,
): Task[] {
  const tasks: Task[] = [];
  for (const row of rows) {
    try {
      tasks.push(taskFromRows(toRows(row), options).task);
    } catch (error) {
      if (!(error instanceof CorruptTaskError)) throw error;
      logger.error('Skipped a task that cannot be read from the store', { taskId: error.taskId, error });
    }
  }
  return tasks;
}
