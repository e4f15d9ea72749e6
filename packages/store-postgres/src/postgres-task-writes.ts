import {
  A2AError,
  type Artifact,
  type Message,
  type StreamResponse,
  type Task,
  type TaskStatus,
} from '@baton/protocol';
import {
  firstUserMessageId,
  type LedgerLease,
  messageInFlightError,
  statusTimeOf,
  taskBase,
} from '@baton/server/store';
import type { QueryResultRow } from 'pg';
import type { OutboxHold } from './postgres-push-outbox.ts';
import { outboxRows } from './postgres-push-outbox.ts';
import type { BatchedStatement } from './statement-batcher.ts';

/**
 * The task store's writes as batched statements: every write of concurrent tasks that arrives together is one
 * statement (see `createStatementBatcher`), each task's row bumped and its event row added by ordinal.
 */

/** The versions of the rows a statement bumped, by input ordinal; a missing ordinal is a task that does not exist. */
function versionsByOrdinal<Input extends { readonly taskId: string }>(
  rows: readonly QueryResultRow[],
  inputs: readonly Input[],
): (number | Error)[] {
  const versions = new Map<number, number>();
  for (const row of rows) versions.set(Number(row.n), Number(row.version));
  return inputs.map((input, index) => versions.get(index + 1) ?? A2AError.taskNotFound(input.taskId));
}

const byTask = (input: { readonly taskId: string }) => input.taskId;

/**
 * The CTEs that log each bumped task's event (`event`: its JSON in SQL over `bumped`) under its new generation and
 * drop what falls out of the task's replay window (`window`: the placeholder of its size; 0 logs nothing). Only a
 * task past its window can have anything to drop, and saying so keeps the delete off the log for the others: a
 * plan made while the log was new and unanalysed joins by hashing, which read the whole log for every status
 * written.
 */
function loggedEvents(event: string, window: string): string {
  return `logged AS (
        INSERT INTO baton_task_events (task_id, generation, event)
        SELECT bumped.id, bumped.version, ${event} FROM bumped WHERE ${window}::bigint > 0
      ), trimmed AS (
        DELETE FROM baton_task_events logged_event USING bumped
        WHERE ${window}::bigint > 0 AND bumped.version > ${window}::bigint AND logged_event.task_id = bumped.id
          AND logged_event.generation <= bumped.version - ${window}::bigint
      )`;
}

const STATUS_EVENT =
  "json_build_object('statusUpdate', json_build_object('taskId', bumped.id, 'contextId', bumped.context_id, 'status', bumped.status))";
const ARTIFACT_EVENT =
  "json_build_object('artifactUpdate', json_build_object('taskId', bumped.id, 'contextId', bumped.context_id, 'artifact', bumped.artifact, 'append', bumped.append, 'lastChunk', bumped.last_chunk))";

export interface NewTask {
  readonly task: Task;
  readonly scope: string;
  /** The task's first write, made with it (`TaskStore.createWith`): its event, logged at generation 2. */
  readonly first?: StreamResponse | undefined;
  /** The task's lease, written with it (see `LeaseLedger`). */
  readonly lease?: LedgerLease | undefined;
}

/**
 * Creates tasks with their first messages and artifacts (and, for `createWith`, the task as its first write left it,
 * at version 2 with that write's event logged); an id already taken fails that input alone. A new task has no push
 * configs yet, so its first write owes no deliveries. A task with a `lease` gets its lease row in the same statement
 * (its id is new: no lease can be there, so a conflict takes nothing).
 */
export function createTasks(
  replayWindow: number,
): BatchedStatement<NewTask & { readonly taskId: string }, number> {
  return {
    name: 'create_tasks',
    sql: `
    WITH given AS (
      SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::json[], $7::json[], $12::text[], $13::json[],
          $15::text[], $16::bigint[])
        WITH ORDINALITY AS given (id, scope, context_id, state, status_time, status, base, first_message_id, first_event,
          lease_owner, lease_ttl, n)
    ), task AS (
      INSERT INTO baton_tasks (id, scope, context_id, state, status_time, status, base, first_message_id, version)
      SELECT id, scope, context_id, state, status_time, status, base, first_message_id,
        CASE WHEN first_event IS NULL THEN 1 ELSE 2 END
      FROM given ORDER BY n
      ON CONFLICT DO NOTHING RETURNING id
    ), logged AS (
      INSERT INTO baton_task_events (task_id, generation, event)
      SELECT given.id, 2, given.first_event FROM given JOIN task ON task.id = given.id
      WHERE given.first_event IS NOT NULL AND $14::bigint > 0
    ), leased AS (
      INSERT INTO baton_task_leases (task_id, owner, expires_at)
      SELECT given.id, given.lease_owner, clock_timestamp() + given.lease_ttl * interval '1 millisecond'
      FROM given JOIN task ON task.id = given.id WHERE given.lease_owner IS NOT NULL
      ON CONFLICT (task_id) DO NOTHING
    ), messages AS (
      INSERT INTO baton_task_messages (task_id, message)
      SELECT given.task_id, given.message
      FROM unnest($8::text[], $9::json[]) WITH ORDINALITY AS given (task_id, message, n) JOIN task ON task.id = given.task_id
      ORDER BY given.n
    ), chunks AS (
      INSERT INTO baton_task_artifact_chunks (task_id, append, artifact)
      SELECT given.task_id, false, given.artifact
      FROM unnest($10::text[], $11::json[]) WITH ORDINALITY AS given (task_id, artifact, n) JOIN task ON task.id = given.task_id
      ORDER BY given.n
    )
    SELECT given.n, CASE WHEN given.first_event IS NULL THEN 1 ELSE 2 END AS version
    FROM given JOIN task ON task.id = given.id`,
    key: byTask,
    params(inputs) {
      const messages: [string[], string[]] = [[], []];
      const artifacts: [string[], string[]] = [[], []];
      for (const { task } of inputs) {
        for (const message of task.history ?? []) {
          messages[0].push(task.id);
          messages[1].push(JSON.stringify(message));
        }
        for (const artifact of task.artifacts ?? []) {
          artifacts[0].push(task.id);
          artifacts[1].push(JSON.stringify(artifact));
        }
      }
      return [
        inputs.map(({ task }) => task.id),
        inputs.map(({ scope }) => scope),
        inputs.map(({ task }) => task.contextId ?? null),
        inputs.map(({ task }) => task.status.state),
        inputs.map(({ task }) => statusTimeOf(task.status)),
        inputs.map(({ task }) => JSON.stringify(task.status)),
        inputs.map(({ task }) => JSON.stringify(taskBase(task))),
        ...messages,
        ...artifacts,
        inputs.map(({ task }) => firstUserMessageId(task) ?? null),
        inputs.map(({ first }) => (first === undefined ? null : JSON.stringify(first))),
        replayWindow,
        inputs.map(({ lease }) => lease?.owner ?? null),
        inputs.map(({ lease }) => lease?.ttlMs ?? null),
      ];
    },
    outputs(rows, inputs) {
      const created = new Map(rows.map((row) => [Number(row.n), Number(row.version)]));
      return inputs.map((input, index) => {
        const version = created.get(index + 1);
        if (version !== undefined) return version;
        // Its message made a task already (another instance, at the same moment): the client sends it again and
        // gets that task. (An id taken is this create sent twice: the message's task is this one, found the same way.)
        const messageId = firstUserMessageId(input.task);
        return messageId === undefined
          ? A2AError.internal(`Task ${input.taskId} already exists`)
          : messageInFlightError(messageId);
      });
    },
  };
}

export interface StatusWrite {
  readonly taskId: string;
  readonly status: TaskStatus;
  /** The owner whose lease of the task this (final) status gives up (see `LeaseLedger`). */
  readonly releaseOwner?: string | undefined;
}

/**
 * Sets statuses, logging each as an event and adding the deliveries it owes to the task's push configs; a write
 * with a `releaseOwner` also deletes that owner's lease of the task.
 */
export function setStatuses(hold: OutboxHold, replayWindow: number): BatchedStatement<StatusWrite, number> {
  return {
    name: 'set_statuses',
    sql: `
      WITH given AS (
        SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::json[])
          WITH ORDINALITY AS given (id, state, status_time, status, n)
      ), bumped AS (
        UPDATE baton_tasks task
        SET state = given.state, status_time = given.status_time, status = given.status, version = task.version + 1
        FROM given WHERE task.id = given.id AND task.id = ANY($1::text[])
        RETURNING task.id, task.context_id, task.version, given.status, given.n
      ), owed AS (
        ${outboxRows(STATUS_EVENT, '$1', '$5', '$6')}
      ), released AS (
        DELETE FROM baton_task_leases lease USING bumped, unnest($1::text[], $8::text[]) AS releasing (id, owner)
        WHERE releasing.owner IS NOT NULL AND releasing.id = bumped.id AND lease.task_id = releasing.id
          AND lease.owner = releasing.owner AND lease.task_id = ANY($1::text[])
      ), ${loggedEvents(STATUS_EVENT, '$7')}
      SELECT n, version FROM bumped`,
    key: byTask,
    params: (inputs) => [
      inputs.map((input) => input.taskId),
      inputs.map((input) => input.status.state),
      inputs.map((input) => statusTimeOf(input.status)),
      inputs.map((input) => JSON.stringify(input.status)),
      hold.holder,
      hold.holdMs,
      replayWindow,
      inputs.map((input) => input.releaseOwner ?? null),
    ],
    outputs: versionsByOrdinal,
  };
}

export interface MessageWrite {
  readonly taskId: string;
  readonly message: Message;
}

/**
 * Appends messages to histories (no event: the generation stays). The task's row is locked against deletion until
 * the statement commits, so retention never leaves a message without its task.
 */
export const ADD_MESSAGES: BatchedStatement<MessageWrite, number> = {
  name: 'add_messages',
  sql: `
    WITH given AS (
      SELECT * FROM unnest($1::text[], $2::json[]) WITH ORDINALITY AS given (id, message, n)
    ), found AS (
      SELECT task.id, task.version, given.message, given.n FROM baton_tasks task JOIN given ON task.id = given.id
      WHERE task.id = ANY($1::text[])
      FOR KEY SHARE OF task
    ), added AS (
      INSERT INTO baton_task_messages (task_id, message) SELECT id, message FROM found ORDER BY n
    )
    SELECT n, version FROM found`,
  key: byTask,
  params: (inputs) => [
    inputs.map((input) => input.taskId),
    inputs.map((input) => JSON.stringify(input.message)),
  ],
  outputs: versionsByOrdinal,
};

export interface ArtifactWrite {
  readonly taskId: string;
  readonly artifact: Artifact;
  readonly append: boolean;
  readonly lastChunk: boolean;
}

/**
 * Adds artifact events, logging each; a finished artifact (the last chunk) owes its deliveries to the task's push
 * configs.
 */
export function appendArtifacts(
  hold: OutboxHold,
  replayWindow: number,
): BatchedStatement<ArtifactWrite, number> {
  return {
    name: 'append_artifacts',
    sql: `
      WITH given AS (
        SELECT * FROM unnest($1::text[], $2::boolean[], $3::json[], $4::boolean[])
          WITH ORDINALITY AS given (id, append, artifact, last_chunk, n)
      ), bumped AS (
        UPDATE baton_tasks task SET version = task.version + 1
        FROM given WHERE task.id = given.id AND task.id = ANY($1::text[])
        RETURNING task.id, task.context_id, task.version, given.append, given.artifact, given.last_chunk, given.n
      ), added AS (
        INSERT INTO baton_task_artifact_chunks (task_id, append, artifact)
        SELECT id, append, artifact FROM bumped ORDER BY n
      ), owed AS (
        ${outboxRows(ARTIFACT_EVENT, '$1', '$5', '$6', 'bumped.last_chunk')}
      ), ${loggedEvents(ARTIFACT_EVENT, '$7')}
      SELECT n, version FROM bumped`,
    key: byTask,
    params: (inputs) => [
      inputs.map((input) => input.taskId),
      inputs.map((input) => input.append),
      inputs.map((input) => JSON.stringify(input.artifact)),
      inputs.map((input) => input.lastChunk),
      hold.holder,
      hold.holdMs,
      replayWindow,
    ],
    outputs: versionsByOrdinal,
  };
}

export interface UserMessageQuery {
  readonly scope: string;
  readonly messageId: string;
  readonly since: number;
}

/**
 * Finds, for each message id, the task in its scope that holds it as a user message. The task is checked in a
 * scalar subquery, which the planner cannot turn into a join: as a join, a plan made while the tables were
 * new and unanalysed walked every task of the scope for each lookup (the listing index, then each task's
 * messages), so a fresh database got slower with every task until autovacuum analysed it.
 */
export const FIND_USER_MESSAGES: BatchedStatement<UserMessageQuery, string | undefined> = {
  name: 'find_user_messages',
  sql: `
    SELECT given.n, (
      SELECT message.task_id FROM baton_task_messages message
      WHERE message.message->>'messageId' = given.message_id AND message.message->>'role' = 'ROLE_USER'
        AND (SELECT task.scope = given.scope AND task.status_time >= given.since
             FROM baton_tasks task WHERE task.id = message.task_id)
      ORDER BY message.seq DESC LIMIT 1
    ) AS task_id
    FROM unnest($1::text[], $2::text[], $3::bigint[]) WITH ORDINALITY AS given (message_id, scope, since, n)`,
  params: (inputs) => [
    inputs.map((input) => input.messageId),
    inputs.map((input) => input.scope),
    inputs.map((input) => input.since),
  ],
  outputs(rows, inputs) {
    const found = new Map<number, string | null>();
    for (const row of rows) found.set(Number(row.n), row.task_id as string | null);
    return inputs.map((_, index) => found.get(index + 1) ?? undefined);
  },
};
