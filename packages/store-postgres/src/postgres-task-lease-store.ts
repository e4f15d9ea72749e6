import type { ExpiredLease, TaskLeaseStore } from '@baton/server/store';
import type { Pool, QueryResultRow } from 'pg';
import { preparedQuery } from './prepared-query.ts';
import { type BatchedStatement, createStatementBatcher, type StatementBatcher } from './statement-batcher.ts';

interface LeaseCall {
  readonly taskId: string;
  readonly owner: string;
  readonly ttlMs: number;
}

/** Takes leases that are free, expired or already the caller's; answers which were taken. */
const ACQUIRE: BatchedStatement<LeaseCall, boolean> = {
  name: 'lease_acquire_batch',
  sql: `
    WITH given AS (
      SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[]) WITH ORDINALITY AS given (task_id, owner, ttl, n)
    ), taken AS (
      INSERT INTO baton_task_leases (task_id, owner, expires_at)
      SELECT task_id, owner, clock_timestamp() + ttl * interval '1 millisecond' FROM given ORDER BY n
      ON CONFLICT (task_id) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
      WHERE baton_task_leases.owner = EXCLUDED.owner OR baton_task_leases.expires_at <= clock_timestamp()
      RETURNING task_id, owner
    )
    SELECT given.n FROM given JOIN taken ON taken.task_id = given.task_id AND taken.owner = given.owner`,
  key: (call) => call.taskId,
  params: (calls) => [calls.map((c) => c.taskId), calls.map((c) => c.owner), calls.map((c) => c.ttlMs)],
  outputs(rows, calls) {
    const taken = new Set(rows.map((row) => Number(row.n)));
    return calls.map((_, index) => taken.has(index + 1));
  },
};

/** Gives leases up where the caller holds them. */
const RELEASE: BatchedStatement<Omit<LeaseCall, 'ttlMs'>, void> = {
  name: 'lease_release_batch',
  sql: `
    DELETE FROM baton_task_leases lease USING unnest($1::text[], $2::text[]) AS given (task_id, owner)
    WHERE lease.task_id = given.task_id AND lease.owner = given.owner AND lease.task_id = ANY($1::text[])`,
  key: (call) => call.taskId,
  params: (calls) => [calls.map((c) => c.taskId), calls.map((c) => c.owner)],
  outputs: (_rows, calls) => calls.map(() => undefined),
};

const RENEW = `
  UPDATE baton_task_leases SET expires_at = clock_timestamp() + $3 * interval '1 millisecond'
  WHERE owner = $1 AND task_id = ANY($2::text[]) RETURNING task_id`;

/**
 * A {@link TaskLeaseStore} in PostgreSQL, on the database's clock, so instances on skewed machines agree.
 * Concurrent acquires (and releases) share one statement through `batcher`.
 */
export function createPostgresTaskLeaseStore(
  pool: Pool,
  batcher: StatementBatcher = createStatementBatcher(pool),
): TaskLeaseStore {
  const query = <Row extends object>(name: string, sql: string, params: unknown[]) =>
    preparedQuery<Row & QueryResultRow>(pool, name, sql, params);

  return {
    acquire: (taskId, owner, ttlMs) => batcher.run(ACQUIRE, { taskId, owner, ttlMs }),
    async renew(owner, taskIds, ttlMs) {
      if (taskIds.length === 0) return [];
      const held = new Set(
        (await query<{ task_id: string }>('lease_renew', RENEW, [owner, taskIds, ttlMs])).rows.map(
          (row) => row.task_id,
        ),
      );
      return taskIds.filter((taskId) => !held.has(taskId));
    },
    release: (taskId, owner) => batcher.run(RELEASE, { taskId, owner }),
    async holder(taskId) {
      const result = await query<{ owner: string }>(
        'lease_holder',
        'SELECT owner FROM baton_task_leases WHERE task_id = $1 AND expires_at > clock_timestamp()',
        [taskId],
      );
      return result.rows[0]?.owner;
    },
    async heldBy(owner, limit) {
      const result = await query<{ task_id: string }>(
        'lease_held_by',
        'SELECT task_id FROM baton_task_leases WHERE owner = $1 LIMIT $2',
        [owner, limit],
      );
      return result.rows.map((row) => row.task_id);
    },
    async expired(limit) {
      const result = await query<ExpiredLease>(
        'lease_expired',
        `SELECT task_id AS "taskId", owner FROM baton_task_leases WHERE expires_at <= clock_timestamp()
         ORDER BY expires_at LIMIT $1`,
        [limit],
      );
      return result.rows.map(({ taskId, owner }) => ({ taskId, owner }));
    },
  };
}
