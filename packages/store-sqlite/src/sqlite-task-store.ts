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
  type TaskReadOptions,
  type TaskStore,
  taskBase,
  taskFromRows,
} from '@baton/server';
import type { SqliteDatabase } from './open-sqlite-database.ts';

/** Options of {@link createSqliteTaskStore}. */
export interface SqliteTaskStoreOptions {
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

  const createInTransaction = database.transaction((task: Task, scope: string) => {
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
  });

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

  const readTask = database.transaction((taskId: string, read: TaskReadOptions) => {
    const row = selectTask.get(taskId) as TaskRow | undefined;
    return row && rowsOf(row, read);
  });

  const readPage = database.transaction(
    (sql: string, params: unknown[], countSql: string, countParams: unknown[], read: TaskReadOptions) => {
      const rows = database.prepare(sql).all(...params) as TaskRow[];
      const { total } = database.prepare(countSql).get(...countParams) as { total: number };
      return { total, rows: rows.map((row) => ({ row, rows: rowsOf(row, read) })) };
    },
  );

  // One event row plus the version bump, in one transaction; no task row means TaskNotFound.
  const writeEvent = database.transaction((taskId: string, insert: () => void): number => {
    const bumped = bumpVersion.get(taskId) as { version: number } | undefined;
    if (!bumped) throw A2AError.taskNotFound(taskId);
    insert();
    return bumped.version;
  });

  return {
    async create(task, scope) {
      try {
        createInTransaction(task, scopeKey(scope));
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
      const updated = updateStatus.get(status.state, statusTimeOf(status), json, taskId) as
        | { version: number }
        | undefined;
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
      const { total, rows } = readPage(
        `SELECT ${TASK_COLUMNS} FROM baton_tasks WHERE ${pageFilters.join(' AND ')} ORDER BY status_time DESC, seq DESC LIMIT ?`,
        [...pageParams, query.pageSize + 1],
        `SELECT COUNT(*) AS total FROM baton_tasks WHERE ${where}`,
        params,
        read,
      );
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
