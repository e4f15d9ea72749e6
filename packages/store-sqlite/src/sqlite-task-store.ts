import { A2AError, type Task, toTimestamp } from '@baton/protocol';
import {
  CorruptTaskError,
  consoleLogger,
  decodePageToken,
  encodePageToken,
  type Logger,
  type StoredTask,
  type StoredTaskRows,
  scopeKey,
  statusTimeOf,
  type TaskQuery,
  type TaskReadOptions,
  type TaskStore,
  taskBase,
  taskFromRows,
} from '@baton/server';
import type { SqliteDatabase } from './open-sqlite-database.ts';
import { createSqliteWriteBatch, type SqliteWriteBatch } from './sqlite-write-batch.ts';

/** Options of {@link createSqliteTaskStore}. */
export interface SqliteTaskStoreOptions {
  /** The database's shared write batch (see `createSqliteWriteBatch`); default one of its own. */
  readonly writes?: SqliteWriteBatch;
  /** Where unreadable rows are reported (a listing skips them). Default: the console. */
  readonly logger?: Logger;
}

interface TaskRow {
  readonly seq: number;
  readonly id: string;
  readonly scope: string;
  readonly status_time: number;
  readonly status: string;
  readonly base: string;
  readonly version: number;
}

const TASK_COLUMNS = 'seq, id, scope, status_time, status, base, version';

/**
 * A {@link TaskStore} in SQLite. Each write is one statement: a status is an UPDATE of the task's row, a
 * message or an artifact event an INSERT of its own row; a read replays the task's artifact events. Nothing
 * is evicted: finished tasks stay until deleted by the operator.
 */
export function createSqliteTaskStore(
  database: SqliteDatabase,
  options: SqliteTaskStoreOptions = {},
): TaskStore {
  const logger = options.logger ?? consoleLogger;
  const writes = options.writes ?? createSqliteWriteBatch(database);
  const insertTask = database.prepare(
    'INSERT INTO baton_tasks (id, scope, context_id, state, status_time, status, base) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertMessage = database.prepare('INSERT INTO baton_task_messages (task_id, message) VALUES (?, ?)');
  const insertChunk = database.prepare(
    'INSERT INTO baton_task_artifact_chunks (task_id, append, artifact) VALUES (?, ?, ?)',
  );
  const updateStatus = database.prepare(
    'UPDATE baton_tasks SET state = ?, status_time = ?, status = ?, version = version + 1 WHERE id = ? RETURNING version',
  );
  const bumpVersion = database.prepare(
    'UPDATE baton_tasks SET version = version + 1 WHERE id = ? RETURNING version',
  );
  const selectTask = database.prepare(`SELECT ${TASK_COLUMNS} FROM baton_tasks WHERE id = ?`);
  const selectHistory = database.prepare(
    'SELECT message FROM baton_task_messages WHERE task_id = ? ORDER BY seq',
  );
  const selectRecentHistory = database.prepare(
    'SELECT message FROM (SELECT seq, message FROM baton_task_messages WHERE task_id = ? ORDER BY seq DESC LIMIT ?) ORDER BY seq',
  );
  const selectChunks = database.prepare(
    'SELECT append, artifact FROM baton_task_artifact_chunks WHERE task_id = ? ORDER BY seq',
  );

  const insertTaskRows = (task: Task, scope: string) => {
    insertTask.run(
      task.id,
      scope,
      task.contextId ?? null,
      task.status.state,
      statusTimeOf(task.status),
      JSON.stringify(task.status),
      JSON.stringify(taskBase(task)),
    );
    for (const message of task.history ?? []) insertMessage.run(task.id, JSON.stringify(message));
    for (const artifact of task.artifacts ?? []) insertChunk.run(task.id, 0, JSON.stringify(artifact));
  };

  function rowsOf(row: TaskRow, read: TaskReadOptions): StoredTaskRows {
    const { historyLength, includeArtifacts } = read;
    const messages =
      historyLength === 0
        ? []
        : ((historyLength === undefined
            ? selectHistory.all(row.id)
            : selectRecentHistory.all(row.id, historyLength)) as { message: string }[]);
    const chunks =
      includeArtifacts === false ? [] : (selectChunks.all(row.id) as { append: number; artifact: string }[]);
    return {
      id: row.id,
      scope: row.scope,
      base: row.base,
      status: row.status,
      messages: messages.map((entry) => entry.message),
      artifactChunks: chunks.map((chunk) => ({ append: chunk.append === 1, artifact: chunk.artifact })),
      version: row.version,
    };
  }

  // One process writes the file, and its statements run one after the other: the reads need no transaction.
  const readTask = (taskId: string, read: TaskReadOptions) => {
    const row = selectTask.get(taskId) as TaskRow | undefined;
    return row && rowsOf(row, read);
  };

  const countByScope = database.prepare(
    'SELECT COALESCE(SUM(count), 0) AS total FROM baton_task_counts WHERE scope = ?',
  );
  const countByState = database.prepare(
    'SELECT COALESCE(SUM(count), 0) AS total FROM baton_task_counts WHERE scope = ? AND state = ?',
  );

  // totalSize: from the kept counts when the filters are scope and state only, else counted by the index.
  const countMatching = (query: TaskQuery, where: string, params: unknown[]): number => {
    const counted =
      query.contextId === undefined && query.statusTimestampAfter === undefined
        ? query.status === undefined
          ? countByScope.get(params[0])
          : countByState.get(params[0], query.status)
        : database.prepare(`SELECT COUNT(*) AS total FROM baton_tasks WHERE ${where}`).get(...params);
    return Number((counted as { total: number }).total);
  };

  // The event row first: without a task row its foreign key fails and nothing was written (TaskNotFound);
  // with one, the version bump that follows cannot fail. One statement at a time, so no savepoint is needed.
  const writeEvent = (taskId: string, insert: () => void): Promise<number> =>
    writes.run(() => {
      try {
        insert();
      } catch (error) {
        if ((error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY')
          throw A2AError.taskNotFound(taskId);
        throw error;
      }
      return (bumpVersion.get(taskId) as { version: number }).version;
    });

  return {
    async create(task, scope) {
      try {
        await writes.runAtomic(() => insertTaskRows(task, scopeKey(scope)));
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
          throw A2AError.internal(`Task ${task.id} already exists`);
        }
        throw error;
      }
    },

    async get(taskId, read = {}): Promise<StoredTask | undefined> {
      const rows = readTask(taskId, read);
      if (!rows) return undefined;
      try {
        return taskFromRows(rows, read);
      } catch (error) {
        if (error instanceof CorruptTaskError) throw A2AError.internal(error.message);
        throw error;
      }
    },

    async setStatus(taskId, status) {
      const json = JSON.stringify(status);
      const updated = (await writes.run(() =>
        updateStatus.get(status.state, statusTimeOf(status), json, taskId),
      )) as { version: number } | undefined;
      if (!updated) throw A2AError.taskNotFound(taskId);
      return updated.version;
    },

    async addMessage(taskId, message) {
      const json = JSON.stringify(message);
      return writeEvent(taskId, () => insertMessage.run(taskId, json));
    },

    async appendArtifact(taskId, artifact, chunk) {
      const json = JSON.stringify(artifact);
      return writeEvent(taskId, () => insertChunk.run(taskId, chunk.append ? 1 : 0, json));
    },

    async list(query) {
      const filters = ['scope = ?'];
      const params: unknown[] = [scopeKey(query.scope)];
      if (query.contextId !== undefined) {
        filters.push('context_id = ?');
        params.push(query.contextId);
      }
      if (query.status !== undefined) {
        filters.push('state = ?');
        params.push(query.status);
      }
      if (query.statusTimestampAfter !== undefined) {
        filters.push('status_time >= ?');
        params.push(Date.parse(toTimestamp(query.statusTimestampAfter)));
      }
      const where = filters.join(' AND ');
      const pageFilters = [where];
      const pageParams = [...params];
      if (query.pageToken) {
        const position = decodePageToken(query.pageToken);
        pageFilters.push('(status_time < ? OR (status_time = ? AND seq < ?))');
        pageParams.push(position.time, position.time, position.sequence);
      }
      const read = { historyLength: query.historyLength, includeArtifacts: query.includeArtifacts ?? false };
      const pageSql = `SELECT ${TASK_COLUMNS} FROM baton_tasks WHERE ${pageFilters.join(' AND ')} ORDER BY status_time DESC, seq DESC LIMIT ?`;
      const rows = (database.prepare(pageSql).all(...pageParams, query.pageSize + 1) as TaskRow[]).map(
        (row) => ({
          row,
          rows: rowsOf(row, read),
        }),
      );
      const total = countMatching(query, where, params);
      const onPage = rows.slice(0, query.pageSize);
      const tasks: Task[] = [];
      for (const entry of onPage) {
        try {
          tasks.push(taskFromRows(entry.rows, read).task);
        } catch (error) {
          if (!(error instanceof CorruptTaskError)) throw error;
          logger.error('Skipped a task that cannot be read from the store', { taskId: error.taskId, error });
        }
      }
      const last = onPage.at(-1)?.row;
      return {
        tasks,
        nextPageToken:
          last && rows.length > query.pageSize
            ? encodePageToken({ time: last.status_time, sequence: last.seq })
            : '',
        totalSize: total,
      };
    },
  };
}
