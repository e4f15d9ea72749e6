import { A2AError, toTimestamp } from '@baton/protocol';
import {
  CorruptTaskError,
  consoleLogger,
  decodePageToken,
  encodePageToken,
  type JsonColumn,
  type Logger,
  listedTasks,
  type StoredTask,
  type StoredTaskRows,
  scopeKey,
  statusTimeOf,
  type TaskReadOptions,
  type TaskStore,
  taskBase,
  taskFromRows,
} from '@baton/server';
import type { Pool } from 'pg';
import { sqlState, whileReachable } from './postgres-errors.ts';
import { OUTBOX_ROWS, type OutboxHold } from './postgres-push-outbox.ts';
import { preparedQuery } from './prepared-query.ts';

/** Options of {@link createPostgresTaskStore}. */
export interface PostgresTaskStoreOptions {
  /** Where unreadable rows are reported (a listing skips them). Default: the console. */
  readonly logger?: Logger;
  /** Who holds the push outbox rows this store's writes add, and for how long (see `createPostgresPushOutbox`). */
  readonly outbox?: OutboxHold;
}

interface TaskRow {
  readonly seq: string;
  readonly id: string;
  readonly scope: string;
  readonly status_time: string;
  readonly status: JsonColumn;
  readonly base: JsonColumn;
  readonly messages: JsonColumn[];
  readonly chunks: [boolean, JsonColumn][] | null;
  readonly version: string;
}

/**
 * The columns of a task read, with its history (the last `$historyLength` messages; all for NULL) and its
 * artifact events (only when `$includeArtifacts`) aggregated in the same statement, so a read is one snapshot.
 */
function taskColumns(table: string, historyLength: string, includeArtifacts: string): string {
  return `${table}.seq, ${table}.id, ${table}.scope, ${table}.status_time, ${table}.status, ${table}.base, ${table}.version,
    (SELECT COALESCE(json_agg(recent.message ORDER BY recent.seq), '[]'::json)
       FROM (SELECT seq, message FROM baton_task_messages WHERE task_id = ${table}.id
             ORDER BY seq DESC LIMIT ${historyLength}::bigint) recent) AS messages,
    CASE WHEN ${includeArtifacts}::boolean THEN
      (SELECT COALESCE(json_agg(json_build_array(chunk.append, chunk.artifact) ORDER BY chunk.seq), '[]'::json)
         FROM baton_task_artifact_chunks chunk WHERE chunk.task_id = ${table}.id)
    END AS chunks`;
}

const INSERT_TASK = `
  WITH task AS (
    INSERT INTO baton_tasks (id, scope, context_id, state, status_time, status, base)
    VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id
  ), messages AS (
    INSERT INTO baton_task_messages (task_id, message)
    SELECT task.id, given.message FROM task, unnest($8::json[]) WITH ORDINALITY AS given (message, position)
    ORDER BY given.position
  ), chunks AS (
    INSERT INTO baton_task_artifact_chunks (task_id, append, artifact)
    SELECT task.id, false, given.artifact FROM task, unnest($9::json[]) WITH ORDINALITY AS given (artifact, position)
    ORDER BY given.position
  )
  SELECT 1`;

function rowsOf(row: TaskRow): StoredTaskRows {
  return {
    id: row.id,
    scope: row.scope,
    base: row.base,
    status: row.status,
    messages: row.messages,
    artifactChunks: (row.chunks ?? []).map(([append, artifact]) => ({ append, artifact })),
    version: Number(row.version),
  };
}

/** One event row and the version bump in one statement; no row back means the task does not exist. */
function eventInsert(table: string, columns: string): string {
  const values = columns
    .split(', ')
    .map((_, index) => `$${index + 2}`)
    .join(', ');
  return `
    WITH bumped AS (UPDATE baton_tasks SET version = version + 1 WHERE id = $1 RETURNING id, version),
    added AS (INSERT INTO ${table} (task_id, ${columns}) SELECT id, ${values} FROM bumped)
    SELECT version FROM bumped`;
}

const INSERT_MESSAGE = eventInsert('baton_task_messages', 'message');
const GET_TASK = `SELECT ${taskColumns('task', '$2', '$3')} FROM baton_tasks task WHERE task.id = $1`;
/** The status, and the deliveries its update event owes to the task's push configs, in one statement. */
const SET_STATUS = `
  WITH bumped AS (
    UPDATE baton_tasks SET state = $1, status_time = $2, status = $3, version = version + 1 WHERE id = $4
    RETURNING id, context_id, version
  ), owed AS (
    ${OUTBOX_ROWS("json_build_object('statusUpdate', json_build_object('taskId', bumped.id, 'contextId', bumped.context_id, 'status', $3::json))", '$5', '$6')}
  )
  SELECT version FROM bumped`;
/** An artifact event; a finished artifact (`$4`: last chunk) also owes its deliveries, in the same statement. */
const INSERT_CHUNK = `
  WITH bumped AS (UPDATE baton_tasks SET version = version + 1 WHERE id = $1 RETURNING id, context_id, version),
  added AS (INSERT INTO baton_task_artifact_chunks (task_id, append, artifact) SELECT id, $2, $3 FROM bumped),
  owed AS (
    ${OUTBOX_ROWS("json_build_object('artifactUpdate', json_build_object('taskId', bumped.id, 'contextId', bumped.context_id, 'artifact', $3::json, 'append', $2::boolean, 'lastChunk', $4::boolean))", '$5', '$6', '$4::boolean')}
  )
  SELECT version FROM bumped`;
const FIND_USER_MESSAGE = `
  SELECT message.task_id FROM baton_task_messages message
  JOIN baton_tasks task ON task.id = message.task_id
  WHERE message.message->>'messageId' = $1 AND message.message->>'role' = 'ROLE_USER'
    AND task.scope = $2 AND task.status_time >= $3
  ORDER BY message.seq DESC LIMIT 1`;

/**
 * A {@link TaskStore} in PostgreSQL, shared by every instance of an agent. Each write is one statement: a
 * status is an UPDATE of the task's row, a message or an artifact event an INSERT of its own row; a status or a
 * finished artifact also adds the push deliveries it owes to the outbox; a read is one statement that also
 * replays the task's artifact events. An unreachable database is reported as the
 * retryable STORE_UNAVAILABLE error.
 */
export function createPostgresTaskStore(pool: Pool, options: PostgresTaskStoreOptions = {}): TaskStore {
  const logger = options.logger ?? consoleLogger;
  // Without an outbox holder the rows are still written (a config exists only where push is on), held by nobody.
  const holder = options.outbox?.holder ?? '';
  const holdMs = options.outbox?.holdMs ?? 0;

  async function writeEvent(taskId: string, name: string, sql: string, params: unknown[]): Promise<number> {
    const result = await preparedQuery<{ version: string }>(pool, name, sql, [taskId, ...params]);
    const row = result.rows[0];
    if (!row) throw A2AError.taskNotFound(taskId);
    return Number(row.version);
  }

  function read(rows: StoredTaskRows, options: TaskReadOptions): StoredTask {
    try {
      return taskFromRows(rows, options);
    } catch (error) {
      if (error instanceof CorruptTaskError) throw A2AError.internal(error.message);
      throw error;
    }
  }

  return {
    async create(task, scope) {
      try {
        await preparedQuery(pool, 'create_task', INSERT_TASK, [
          task.id,
          scopeKey(scope),
          task.contextId ?? null,
          task.status.state,
          statusTimeOf(task.status),
          JSON.stringify(task.status),
          JSON.stringify(taskBase(task)),
          (task.history ?? []).map((message) => JSON.stringify(message)),
          (task.artifacts ?? []).map((artifact) => JSON.stringify(artifact)),
        ]);
      } catch (error) {
        if (sqlState(error) === '23505') throw A2AError.internal(`Task ${task.id} already exists`);
        throw error;
      }
    },

    async get(taskId, options = {}) {
      const result = await preparedQuery<TaskRow>(pool, 'get_task', GET_TASK, [
        taskId,
        options.historyLength ?? null,
        options.includeArtifacts !== false,
      ]);
      const row = result.rows[0];
      return row && read(rowsOf(row), options);
    },

    async setStatus(taskId, status) {
      const result = await preparedQuery<{ version: string }>(pool, 'set_status_owing', SET_STATUS, [
        status.state,
        statusTimeOf(status),
        JSON.stringify(status),
        taskId,
        holder,
        holdMs,
      ]);
      const row = result.rows[0];
      if (!row) throw A2AError.taskNotFound(taskId);
      return Number(row.version);
    },

    addMessage: (taskId, message) =>
      writeEvent(taskId, 'add_message', INSERT_MESSAGE, [JSON.stringify(message)]),

    appendArtifact: (taskId, artifact, chunk) =>
      writeEvent(taskId, 'append_artifact_owing', INSERT_CHUNK, [
        chunk.append,
        JSON.stringify(artifact),
        chunk.lastChunk,
        holder,
        holdMs,
      ]),

    async findUserMessage(scope, messageId, since) {
      const result = await preparedQuery<{ task_id: string }>(pool, 'find_user_message', FIND_USER_MESSAGE, [
        messageId,
        scopeKey(scope),
        since,
      ]);
      return result.rows[0]?.task_id;
    },

    async list(query) {
      const params: unknown[] = [scopeKey(query.scope)];
      const filters = ['scope = $1'];
      const add = (sql: (placeholder: string) => string, value: unknown) => {
        params.push(value);
        filters.push(sql(`$${params.length}`));
      };
      if (query.contextId !== undefined) add((p) => `context_id = ${p}`, query.contextId);
      if (query.status !== undefined) add((p) => `state = ${p}`, query.status);
      if (query.statusTimestampAfter !== undefined) {
        add((p) => `status_time >= ${p}`, Date.parse(toTimestamp(query.statusTimestampAfter)));
      }
      const where = filters.join(' AND ');
      const countParams = [...params];
      if (query.pageToken) {
        const position = decodePageToken(query.pageToken);
        params.push(position.time, position.sequence);
        filters.push(`(status_time, seq) < ($${params.length - 1}, $${params.length})`);
      }
      const includeArtifacts = query.includeArtifacts ?? false;
      params.push(query.pageSize + 1, query.historyLength ?? null, includeArtifacts);
      const count = params.length;
      const pageSql = `
        SELECT ${taskColumns('page', `$${count - 1}`, `$${count}`)}
        FROM (SELECT * FROM baton_tasks WHERE ${filters.join(' AND ')}
              ORDER BY status_time DESC, seq DESC LIMIT $${count - 2}) page
        ORDER BY page.status_time DESC, page.seq DESC`;
      const [page, total] = await whileReachable(() =>
        Promise.all([
          pool.query<TaskRow>(pageSql, params),
          pool.query<{ total: string }>(
            `SELECT count(*) AS total FROM baton_tasks WHERE ${where}`,
            countParams,
          ),
        ]),
      );
      const onPage = page.rows.slice(0, query.pageSize);
      const tasks = listedTasks(onPage, rowsOf, { includeArtifacts }, logger);
      const last = onPage.at(-1);
      return {
        tasks,
        nextPageToken:
          last && page.rows.length > query.pageSize
            ? encodePageToken({ time: Number(last.status_time), sequence: Number(last.seq) })
            : '',
        totalSize: Number(total.rows[0]?.total ?? 0),
      };
    },
  };
}
