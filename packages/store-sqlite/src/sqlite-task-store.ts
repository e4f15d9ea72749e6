import { A2AError, isTerminalState, type Task, toTimestamp } from '@baton/protocol';
import {
  CorruptTaskError,
  consoleLogger,
  createLeaseLedger,
  DEFAULT_REPLAY_WINDOW,
  decodePageToken,
  encodePageToken,
  firstUserMessageId,
  type GeneratedEvent,
  type LeaseLedger,
  type LedgerLease,
  type Logger,
  listedTasks,
  messageInFlightError,
  type StoredTask,
  type StoredTaskRows,
  scopeKey,
  statusTimeOf,
  type TaskQuery,
  type TaskReadOptions,
  type TaskStore,
  taskBase,
  taskFromRows,
  withFirstWrite,
} from '@baton/server/store';
import type { SqliteDatabase } from './open-sqlite-database.ts';
import { type OutboxHold, outboxRows } from './sqlite-push-outbox.ts';
import { createSqliteWriteBatch, type SqliteWriteBatch } from './sqlite-write-batch.ts';

/** Options of {@link createSqliteTaskStore}. */
export interface SqliteTaskStoreOptions {
  /** The database's shared write batch (see `createSqliteWriteBatch`); default one of its own. */
  readonly writes?: SqliteWriteBatch;
  /** Where unreadable rows are reported (a listing skips them). Default: the console. */
  readonly logger?: Logger;
  /** Who holds the push outbox rows this store's writes add, and for how long (see `createSqlitePushOutbox`). */
  readonly outbox?: OutboxHold;
  /** How many of each task's latest events are kept for streams that resume; default 1,000; 0 keeps none. */
  readonly replayWindow?: number;
  /**
   * The leases this store writes with its tasks, shared with the lease store on the same file (see
   * `withLeaseLedger`): a new task's lease goes in with its create, and out with its final status.
   */
  readonly leases?: LeaseLedger;
}

interface TaskRow {
  readonly seq: number;
  readonly id: string;
  readonly scope: string;
  readonly status_time: number;
  readonly status: string;
  readonly base: string;
  readonly version: number;
  /** The history to return, as one JSON array (oldest first). */
  readonly history: string;
  /** The artifact events, as one JSON array of `[append, artifact]` pairs in write order. */
  readonly chunks: string;
}

/**
 * The columns of a task read, with its history (the last `@history` messages; all for -1, none for 0) and its
 * artifact events (when `@artifacts` is 1) aggregated as JSON arrays in the same statement: one call to the
 * driver per task read, whatever the task holds.
 */
const TASK_COLUMNS = `seq, id, scope, status_time, status, base, version,
  CASE WHEN @history = 0 THEN '[]' ELSE (
    SELECT '[' || COALESCE(group_concat(message, ',' ORDER BY seq), '') || ']'
    FROM (SELECT seq, message FROM baton_task_messages WHERE task_id = baton_tasks.id ORDER BY seq DESC LIMIT @history)
  ) END AS history,
  CASE WHEN @artifacts = 1 THEN (
    SELECT '[' || COALESCE(group_concat('[' || append || ',' || artifact || ']', ',' ORDER BY seq), '') || ']'
    FROM baton_task_artifact_chunks WHERE task_id = baton_tasks.id
  ) ELSE '[]' END AS chunks`;

/**
 * A {@link TaskStore} in SQLite. Each write is one statement: a status is an UPDATE of the task's row, a
 * message or an artifact event an INSERT of its own row; a read replays the task's artifact events. Nothing
 * is evicted: finished tasks stay until `pruneFinished` (retention) deletes them.
 */
export function createSqliteTaskStore(
  database: SqliteDatabase,
  options: SqliteTaskStoreOptions = {},
): TaskStore {
  const logger = options.logger ?? consoleLogger;
  const writes = options.writes ?? createSqliteWriteBatch(database);
  const insertTask = database.prepare(
    'INSERT INTO baton_tasks (id, scope, context_id, state, status_time, status, base, first_message_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertMessage = database.prepare('INSERT INTO baton_task_messages (task_id, message) VALUES (?, ?)');
  const insertChunk = database.prepare(
    'INSERT INTO baton_task_artifact_chunks (task_id, append, artifact) VALUES (?, ?, ?)',
  );
  const updateStatus = database.prepare(
    'UPDATE baton_tasks SET state = ?, status_time = ?, status = ?, version = version + 1 WHERE id = ? RETURNING version, context_id',
  );
  const bumpVersion = database.prepare(
    'UPDATE baton_tasks SET version = version + 1 WHERE id = ? RETURNING version, context_id',
  );
  const selectVersion = database.prepare('SELECT version FROM baton_tasks WHERE id = ?');
  // A new task's id is new: no lease can be there, so a conflict takes nothing.
  const insertLease = database.prepare(
    'INSERT INTO baton_task_leases (task_id, owner, expires_at) VALUES (?, ?, ?) ON CONFLICT (task_id) DO NOTHING',
  );
  const deleteLease = database.prepare('DELETE FROM baton_task_leases WHERE task_id = ? AND owner = ?');
  // A ledger of its own holds no lease: then no lease goes with a task's writes.
  const ledger = options.leases ?? createLeaseLedger();
  const replayWindow = options.replayWindow ?? DEFAULT_REPLAY_WINDOW;
  const insertEvent = database.prepare(
    'INSERT INTO baton_task_events (task_id, generation, event) VALUES (?, ?, ?)',
  );
  const dropEvents = database.prepare('DELETE FROM baton_task_events WHERE task_id = ? AND generation <= ?');
  const selectEvents = database.prepare(
    'SELECT generation, event FROM baton_task_events WHERE task_id = ? AND generation > ? ORDER BY generation',
  );
  // Logs the event a write made (its JSON, as it was published), keeping the task's latest `replayWindow`.
  const logEvent = (taskId: string, generation: number, event: string) => {
    if (replayWindow === 0) return;
    insertEvent.run(taskId, generation, event);
    if (generation - replayWindow >= 2) dropEvents.run(taskId, generation - replayWindow);
  };
  const ids = (taskId: string, contextId: string | null) =>
    `"taskId":${JSON.stringify(taskId)},"contextId":${JSON.stringify(contextId ?? '')}`;
  const selectTask = database.prepare(`SELECT ${TASK_COLUMNS} FROM baton_tasks WHERE id = @id`);
  const hasPushConfig = database.prepare('SELECT 1 FROM baton_push_configs WHERE task_id = ? LIMIT 1');
  const oweStatus = database.prepare(
    outboxRows(
      "json_object('statusUpdate', json_object('taskId', task.id, 'contextId', task.context_id, 'status', json(@event)))",
    ),
  );
  const oweArtifact = database.prepare(
    outboxRows(
      "json_object('artifactUpdate', json_object('taskId', task.id, 'contextId', task.context_id, 'artifact', json(@event), 'append', json(@append), 'lastChunk', json('true')))",
    ),
  );
  const holder = options.outbox?.holder ?? '';
  const holdMs = options.outbox?.holdMs ?? 0;
  const hold = () => ({ holder, heldUntil: Date.now() + holdMs });
  // A write that owes push deliveries is two statements, run in a savepoint; the rest need none.
  const writeOwing = <T>(taskId: string, write: () => T): Promise<T> =>
    hasPushConfig.get(taskId) === undefined ? writes.run(write) : writes.runAtomic(write);
  const selectUserMessage = database.prepare(`
    SELECT message.task_id AS taskId FROM baton_task_messages message
    JOIN baton_tasks task ON task.id = message.task_id
    WHERE json_extract(message.message, '$.messageId') = ? AND json_extract(message.message, '$.role') = 'ROLE_USER'
      AND task.scope = ? AND task.status_time >= ?
    ORDER BY message.seq DESC LIMIT 1`);

  const insertTaskRows = (task: Task, scope: string, lease?: LedgerLease) => {
    insertTask.run(
      task.id,
      scope,
      task.contextId ?? null,
      task.status.state,
      statusTimeOf(task.status),
      JSON.stringify(task.status),
      JSON.stringify(taskBase(task)),
      firstUserMessageId(task) ?? null,
    );
    for (const message of task.history ?? []) insertMessage.run(task.id, JSON.stringify(message));
    for (const artifact of task.artifacts ?? []) insertChunk.run(task.id, 0, JSON.stringify(artifact));
    if (lease) insertLease.run(task.id, lease.owner, Date.now() + lease.ttlMs);
  };

  function rowsOf(row: TaskRow): StoredTaskRows {
    const parse = <T>(text: string, what: string): T => {
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new CorruptTaskError(row.id, `its ${what} is not JSON`);
      }
    };
    return {
      id: row.id,
      scope: row.scope,
      base: row.base,
      status: row.status,
      messages: parse<object[]>(row.history, 'history'),
      artifactChunks: parse<[number, object][]>(row.chunks, 'artifact events').map(([append, artifact]) => ({
        append: append === 1,
        artifact,
      })),
      version: row.version,
    };
  }

  const readParams = (read: TaskReadOptions) => ({
    history: read.historyLength ?? -1,
    artifacts: read.includeArtifacts === false ? 0 : 1,
  });

  // One process writes the file, and its statements run one after the other: the reads need no transaction.
  const readTask = (taskId: string, read: TaskReadOptions) => {
    const row = selectTask.get({ id: taskId, ...readParams(read) }) as TaskRow | undefined;
    return row && rowsOf(row);
  };

  const countByScope = database.prepare(
    'SELECT COALESCE(SUM(count), 0) AS total FROM baton_task_counts WHERE scope = ?',
  );
  const countByState = database.prepare(
    'SELECT COALESCE(SUM(count), 0) AS total FROM baton_task_counts WHERE scope = ? AND state = ?',
  );

  // totalSize: from the kept counts when the filters are scope and state only, else counted by the index.
  const countMatching = (query: TaskQuery, where: string, params: Record<string, unknown>): number => {
    const counted =
      query.contextId === undefined && query.statusTimestampAfter === undefined
        ? query.status === undefined
          ? countByScope.get(params.scope)
          : countByState.get(params.scope, query.status)
        : database.prepare(`SELECT COUNT(*) AS total FROM baton_tasks WHERE ${where}`).get(params);
    return Number((counted as { total: number }).total);
  };

  // The event row first: without a task row its foreign key fails and nothing was written (TaskNotFound);
  // with one, the version bump that follows cannot fail. One statement at a time, so no savepoint is needed,
  // unless the event also owes push deliveries (`owe`, after the bump so the rows carry the new version).
  const writeArtifactEvent = (
    taskId: string,
    insert: () => void,
    event: (contextId: string | null) => string,
    owe?: () => void,
  ): Promise<number> => {
    const write = () => {
      try {
        insert();
      } catch (error) {
        if ((error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY')
          throw A2AError.taskNotFound(taskId);
        throw error;
      }
      const { version, context_id } = bumpVersion.get(taskId) as {
        version: number;
        context_id: string | null;
      };
      logEvent(taskId, version, event(context_id));
      owe?.();
      return version;
    };
    return owe ? writeOwing(taskId, write) : writes.run(write);
  };

  // A task made, or refused: an id taken, or its first message already made a task (MESSAGE_IN_FLIGHT).
  async function madeOrRefused<T>(task: Task, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      // Its first message made a task already (another process on the file, at the same moment): the client
      // sends it again and gets that task, as any repeat does.
      const messageId = firstUserMessageId(task);
      if (
        code === 'SQLITE_CONSTRAINT_UNIQUE' &&
        messageId !== undefined &&
        /first_message_id/.test(String(error))
      ) {
        throw messageInFlightError(messageId);
      }
      if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
        throw A2AError.internal(`Task ${task.id} already exists`);
      }
      throw error;
    }
  }

  // Retention: the oldest finished tasks first, through the partial index; their messages and artifact chunks
  // go with them (ON DELETE CASCADE), their push configs and owed deliveries in the same transaction.
  const selectPrunable = database.prepare(`
    SELECT id FROM baton_tasks
    WHERE state IN ('TASK_STATE_COMPLETED', 'TASK_STATE_FAILED', 'TASK_STATE_CANCELED', 'TASK_STATE_REJECTED')
      AND status_time < ?
    ORDER BY status_time LIMIT ?`);
  const deletePushConfigs = database.prepare('DELETE FROM baton_push_configs WHERE task_id = ?');
  const deleteOutbox = database.prepare('DELETE FROM baton_push_outbox WHERE task_id = ?');
  const deleteTask = database.prepare('DELETE FROM baton_tasks WHERE id = ?');

  return {
    async pruneFinished(before, limit) {
      return writes.runAtomic(() => {
        const ids = (selectPrunable.all(before, limit) as { id: string }[]).map((row) => row.id);
        for (const id of ids) {
          deletePushConfigs.run(id);
          deleteOutbox.run(id);
          deleteTask.run(id);
        }
        return ids.length;
      });
    },

    async create(task, scope) {
      // The task row first: a duplicate id fails there, before anything is written.
      await madeOrRefused(task, () =>
        ledger.withCreate(task.id, (lease) => writes.run(() => insertTaskRows(task, scopeKey(scope), lease))),
      );
    },

    // One write, one commit: the task as its first write leaves it, at version 2, that write's event logged.
    createWith(task, scope, first) {
      const made = withFirstWrite(task, first);
      return madeOrRefused(task, () =>
        ledger.withCreate(task.id, (lease) =>
          writes.run(() => {
            insertTaskRows(made.task, scopeKey(scope), lease);
            bumpVersion.get(task.id);
            logEvent(task.id, 2, JSON.stringify(made.first));
            return 2;
          }),
        ),
      );
    },

    async get(taskId, read = {}): Promise<StoredTask | undefined> {
      try {
        const rows = readTask(taskId, read);
        return rows && taskFromRows(rows, read);
      } catch (error) {
        if (error instanceof CorruptTaskError) throw A2AError.internal(error.message);
        throw error;
      }
    },

    // A final status gives up the lease the task's create wrote, in the same write.
    async setStatus(taskId, status) {
      const json = JSON.stringify(status);
      const updated = (await ledger.withStatus(taskId, isTerminalState(status.state), (releaseOwner) =>
        writeOwing(taskId, () => {
          const row = updateStatus.get(status.state, statusTimeOf(status), json, taskId) as
            | { version: number; context_id: string | null }
            | undefined;
          if (row) {
            logEvent(
              taskId,
              row.version,
              `{"statusUpdate":{${ids(taskId, row.context_id)},"status":${json}}}`,
            );
            oweStatus.run({ id: taskId, event: json, ...hold() });
            if (releaseOwner !== undefined) deleteLease.run(taskId, releaseOwner);
          }
          return row;
        }),
      )) as { version: number } | undefined;
      if (!updated) throw A2AError.taskNotFound(taskId);
      return updated.version;
    },

    async addMessage(taskId, message) {
      const json = JSON.stringify(message);
      return writes.run(() => {
        try {
          insertMessage.run(taskId, json);
        } catch (error) {
          if ((error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY')
            throw A2AError.taskNotFound(taskId);
          throw error;
        }
        return (selectVersion.get(taskId) as { version: number }).version;
      });
    },

    async appendArtifact(taskId, artifact, chunk) {
      const json = JSON.stringify(artifact);
      const append = chunk.append ? 1 : 0;
      const event = (contextId: string | null) =>
        `{"artifactUpdate":{${ids(taskId, contextId)},"artifact":${json},"append":${chunk.append},"lastChunk":${chunk.lastChunk}}}`;
      if (!chunk.lastChunk)
        return writeArtifactEvent(taskId, () => insertChunk.run(taskId, append, json), event);
      return writeArtifactEvent(
        taskId,
        () => insertChunk.run(taskId, append, json),
        event,
        () =>
          oweArtifact.run({ id: taskId, event: json, append: chunk.append ? 'true' : 'false', ...hold() }),
      );
    },

    async eventsAfter(taskId, generation) {
      const row = selectVersion.get(taskId) as { version: number } | undefined;
      if (!row) return undefined;
      const current = row.version;
      if (generation >= current) return { complete: true, events: [], generation: current };
      const rows = selectEvents.all(taskId, generation) as { generation: number; event: string }[];
      if (rows[0]?.generation !== generation + 1) return { complete: false, events: [], generation: current };
      const events: GeneratedEvent[] = rows.map((logged) => ({
        generation: logged.generation,
        event: JSON.parse(logged.event),
      }));
      return { complete: true, events, generation: current };
    },

    async findUserMessage(scope, messageId, since) {
      const row = selectUserMessage.get(messageId, scopeKey(scope), since) as { taskId: string } | undefined;
      return row?.taskId;
    },

    async list(query) {
      const filters = ['scope = @scope'];
      const params: Record<string, unknown> = { scope: scopeKey(query.scope) };
      if (query.contextId !== undefined) {
        filters.push('context_id = @context');
        params.context = query.contextId;
      }
      if (query.status !== undefined) {
        filters.push('state = @state');
        params.state = query.status;
      }
      if (query.statusTimestampAfter !== undefined) {
        filters.push('status_time >= @after');
        params.after = Date.parse(toTimestamp(query.statusTimestampAfter));
      }
      const where = filters.join(' AND ');
      const pageFilters = [where];
      const read = { historyLength: query.historyLength, includeArtifacts: query.includeArtifacts ?? false };
      const pageParams: Record<string, unknown> = {
        ...params,
        ...readParams(read),
        limit: query.pageSize + 1,
      };
      if (query.pageToken) {
        const position = decodePageToken(query.pageToken);
        pageFilters.push('(status_time < @time OR (status_time = @time AND seq < @sequence))');
        pageParams.time = position.time;
        pageParams.sequence = position.sequence;
      }
      const pageSql = `SELECT ${TASK_COLUMNS} FROM baton_tasks WHERE ${pageFilters.join(' AND ')}
        ORDER BY status_time DESC, seq DESC LIMIT @limit`;
      const rows = database.prepare(pageSql).all(pageParams) as TaskRow[];
      const onPage = rows.slice(0, query.pageSize);
      const tasks = listedTasks(onPage, rowsOf, read, logger);
      const last = onPage.at(-1);
      return {
        tasks,
        nextPageToken:
          last && rows.length > query.pageSize
            ? encodePageToken({ time: last.status_time, sequence: last.seq })
            : '',
        totalSize: countMatching(query, where, params),
      };
    },
  };
}
