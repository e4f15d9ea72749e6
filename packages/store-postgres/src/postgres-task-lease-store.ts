import type { ExpiredLease, TaskLeaseStore } from '@baton/server';
import type { Pool, QueryResultRow } from 'pg';
import { preparedQuery } from './prepared-query.ts';

const ACQUIRE = `
  INSERT INTO baton_task_leases (task_id, owner, expires_at)
  VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond')
  ON CONFLICT (task_id) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
  WHERE baton_task_leases.owner = EXCLUDED.owner OR baton_task_leases.expires_at <= clock_timestamp()`;

const RENEW = `
  UPDATE baton_task_leases SET expires_at = clock_timestamp() + $3 * interval '1 millisecond'
  WHERE owner = $1 AND task_id = ANY($2::text[]) RETURNING task_id`;

/** A {@link TaskLeaseStore} in PostgreSQL, on the database's clock, so instances on skewed machines agree. */
export function createPostgresTaskLeaseStore(pool: Pool): TaskLeaseStore {
  const query = <Row extends object>(name: string, sql: string, params: unknown[]) =>
    preparedQuery<Row & QueryResultRow>(pool, name, sql, params);

  return {
    async acquire(taskId, owner, ttlMs) {
      return ((await query('lease_acquire', ACQUIRE, [taskId, owner, ttlMs])).rowCount ?? 0) > 0;
    },
    async renew(owner, taskIds, ttlMs) {
      if (taskIds.length === 0) return [];
      const held = new Set(
        (await query<{ task_id: string }>('lease_renew', RENEW, [owner, taskIds, ttlMs])).rows.map(
          (row) => row.task_id,
        ),
      );
      return taskIds.filter((taskId) => !held.has(taskId));
    },
    async release(taskId, owner) {
      await query('lease_release', 'DELETE FROM baton_task_leases WHERE task_id = $1 AND owner = $2', [
        taskId,
        owner,
      ]);
    },
    async holder(taskId) {
      const result = await query<{ owner: string }>(
        'lease_holder',
        'SELECT owner FROM baton_task_leases WHERE task_id = $1 AND expires_at > clock_timestamp()',
        [taskId],
      );
      return result.rows[0]?.owner;
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
