import { A2AError, isTerminalState, type StreamResponse, toTimestamp } from '@baton/protocol';
import {
  CorruptTaskError,
  consoleLogger,
  createLeaseLedger,
  DEFAULT_REPLAY_WINDOW,
  decodePageToken,
  encodePageToken,
  type JsonColumn,
  type LeaseLedger,
  type Logger,
  listedTasks,
  type StoredTask,
  type StoredTaskRows,
  scopeKey,
  type TaskReadOptions,
  type TaskStore,
  taskFromRows,
  withFirstWrite,
} from '@baton/server/store';
import type { Pool } from 'pg';
import { whileReachable } from './postgres-errors.ts';
import type { OutboxHold } from './postgres-push-outbox.ts';
import {
  ADD_MESSAGES,
  appendArtifacts,
  createTasks,
  FIND_USER_MESSAGES,
  setStatuses,
} from './postgres-task-writes.ts';
import { type BatchedStatement, createStatementBatcher, type StatementBatcher } from './statement-batcher.ts';

/** Options of {@link createPostgresTaskStore}. */
export interface PostgresTaskStoreOptions {
  /** Where unreadable rows are reported (a listing skips them). Default: the console. */
  readonly logger?: Logger;
  /** Who holds the push outbox rows this store's writes add, and for how long (see `createPostgresPushOutbox`). */
  readonly outbox?: OutboxHold;
  /** The group commit the store's writes go through (shared with the leases); default one of its own. */
  readonly batcher?: StatementBatcher;
  /** How many of each task's latest events are kept for streams that resume; default 1,000; 0 keeps none. */
  readonly replayWindow?: number;
  /**
   * The leases this store writes with its tasks, shared with the lease store on the same database (see
   * `createPostgresTaskLeaseStore`): a new task's lease goes in with its create, and out with its final status.
   */
  readonly leases?: LeaseLedger;
}

const EVENTS_AFTER = `
  SELECT task.version, (
    SELECT json_agg(json_build_array(logged.generation, logged.event) ORDER BY logged.generation)
    FROM baton_task_events logged WHERE logged.task_id = task.id AND logged.generation > $2
  ) AS events
  FROM baton_tasks task WHERE task.id = $1`;

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

interface TaskRead {
  readonly taskId: string;
  readonly options: TaskReadOptions;
}

/** Reads tasks, each with its own history length and artifacts choice: concurrent reads share a statement. */
export const GET_TASKS: BatchedStatement<TaskRead, TaskRow | undefined> = {
  name: 'get_tasks',
  sql: `
    SELECT given.n, ${taskColumns('task', 'given.history', 'given.artifacts')}
    FROM unnest($1::text[], $2::bigint[], $3::boolean[]) WITH ORDINALITY AS given (id, history, artifacts, n)
    JOIN baton_tasks task ON task.id = given.id
    WHERE task.id = ANY($1::text[])`,
  params: (reads) => [
    reads.map((read) => read.taskId),
    reads.map((read) => read.options.historyLength ?? null),
    reads.map((read) => read.options.includeArtifacts !== false),
  ],
  outputs(rows, reads) {
    const found = new Map<number, TaskRow>();
    for (const row of rows) found.set(Number(row.n), row as TaskRow);
    return reads.map((_, index) => found.get(index + 1));
  },
};

/**
 * A {@link TaskStore} in PostgreSQL, shared by every instance of an agent. Each write is one statement: a
 * status is an UPDATE of the task's row, a message or an artifact event an INSERT of its own row; a status or a
 * finished artifact also adds the push deliveries it owes to the outbox. Concurrent writes of one kind share
 * a statement (group commit, see `createStatementBatcher`). A read is one statement that also replays the
 * task's artifact events. An unreachable database is reported as the
 * retryable STORE_UNAVAILABLE error.
 */
const PRUNE_FINISHED = `
  WITH doomed AS (
    SELECT id FROM baton_tasks
    WHERE state IN ('TASK_STATE_COMPLETED', 'TASK_STATE_FAILED', 'TASK_STATE_CANCELED', 'TASK_STATE_REJECTED')
      AND status_time < $1
    ORDER BY status_time LIMIT $2
    FOR UPDATE SKIP LOCKED
  ), configs AS (
    DELETE FROM baton_push_configs WHERE task_id IN (SELECT id FROM doomed)
  ), owed AS (
    DELETE FROM baton_push_outbox WHERE task_id IN (SELECT id FROM doomed)
  ), messages AS (
    DELETE FROM baton_task_messages WHERE task_id IN (SELECT id FROM doomed)
  ), chunks AS (
    DELETE FROM baton_task_artifact_chunks WHERE task_id IN (SELECT id FROM doomed)
  ), logged AS (
    DELETE FROM baton_task_events WHERE task_id IN (SELECT id FROM doomed)
  )
  DELETE FROM baton_tasks WHERE id IN (SELECT id FROM doomed)`;

export function createPostgresTaskStore(pool: Pool, options: PostgresTaskStoreOptions = {}): TaskStore {
  const logger = options.logger ?? consoleLogger;
  // Without an outbox holder the rows are still written (a config exists only where push is on), held by nobody.
  const hold = options.outbox ?? { holder: '', holdMs: 0 };
  const batch = options.batcher ?? createStatementBatcher(pool);
  const replayWindow = options.replayWindow ?? DEFAULT_REPLAY_WINDOW;
  const setStatus = setStatuses(hold, replayWindow);
  const appendArtifact = appendArtifacts(hold, replayWindow);
  const createTask = createTasks(replayWindow);
  // A ledger of its own holds no lease: then no lease goes with a task's writes.
  const ledger = options.leases ?? createLeaseLedger();

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
      await ledger.withCreate(task.id, (lease) =>
        batch.run(createTask, { task, taskId: task.id, scope: scopeKey(scope), lease }),
      );
    },

    // One statement: the task as its first write leaves it (see `withFirstWrite`), that write's event logged.
    createWith(task, scope, first) {
      const made = withFirstWrite(task, first);
      return ledger.withCreate(task.id, (lease) =>
        batch.run(createTask, { ...made, taskId: task.id, scope: scopeKey(scope), lease }),
      );
    },

    // One statement: the oldest finished tasks (rows another pruner or a write holds are skipped), with their
    // push configs, owed deliveries, messages, artifact events and logged events.
    async pruneFinished(before, limit) {
      const result = await whileReachable(() =>
        pool.query(PRUNE_FINISHED, [before, Math.max(0, Math.floor(limit))]),
      );
      return result.rowCount ?? 0;
    },

    async get(taskId, options = {}) {
      const row = await batch.run(GET_TASKS, { taskId, options });
      return row && read(rowsOf(row), options);
    },

    // A final status gives up the lease the task's create wrote, in the same statement.
    setStatus: (taskId, status) =>
      ledger.withStatus(taskId, isTerminalState(status.state), (releaseOwner) =>
        batch.run(setStatus, { taskId, status, releaseOwner }),
      ),

    addMessage: (taskId, message) => batch.run(ADD_MESSAGES, { taskId, message }),

    appendArtifact: (taskId, artifact, chunk) =>
      batch.run(appendArtifact, { taskId, artifact, append: chunk.append, lastChunk: chunk.lastChunk }),

    async eventsAfter(taskId, generation) {
      const result = await whileReachable(() =>
        pool.query<{ version: string; events: [number, StreamResponse][] | null }>(EVENTS_AFTER, [
          taskId,
          generation,
        ]),
      );
      const row = result.rows[0];
      if (!row) return undefined;
      const current = Number(row.version);
      if (generation >= current) return { complete: true, events: [], generation: current };
      const logged = row.events ?? [];
      if (logged[0]?.[0] !== generation + 1) return { complete: false, events: [], generation: current };
      return {
        complete: true,
        events: logged.map(([at, event]) => ({ generation: Number(at), event })),
        generation: current,
      };
    },

    findUserMessage: (scope, messageId, since) =>
      batch.run(FIND_USER_MESSAGES, { scope: scopeKey(scope), messageId, since }),

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
