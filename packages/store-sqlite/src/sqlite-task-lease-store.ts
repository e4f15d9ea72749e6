import type { ExpiredLease, TaskLeaseStore } from '@baton/server/store';
import type { SqliteDatabase } from './open-sqlite-database.ts';
import { createSqliteWriteBatch, type SqliteWriteBatch } from './sqlite-write-batch.ts';

/** A {@link TaskLeaseStore} in SQLite, on this machine's clock (every process sharing the file shares it). */
export function createSqliteTaskLeaseStore(
  database: SqliteDatabase,
  options: { readonly writes?: SqliteWriteBatch; readonly now?: () => number } = {},
): TaskLeaseStore {
  const now = options.now ?? Date.now;
  const writes = options.writes ?? createSqliteWriteBatch(database);
  const acquire = database.prepare(`
    INSERT INTO baton_task_leases (task_id, owner, expires_at) VALUES (?1, ?2, ?3)
    ON CONFLICT (task_id) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
    WHERE baton_task_leases.owner = excluded.owner OR baton_task_leases.expires_at <= ?4`);
  const renew = database.prepare(`
    UPDATE baton_task_leases SET expires_at = ?1
    WHERE owner = ?2 AND task_id IN (SELECT value FROM json_each(?3)) RETURNING task_id`);
  const release = database.prepare('DELETE FROM baton_task_leases WHERE task_id = ? AND owner = ?');
  const holder = database.prepare('SELECT owner FROM baton_task_leases WHERE task_id = ? AND expires_at > ?');
  const expired = database.prepare(
    'SELECT task_id AS taskId, owner FROM baton_task_leases WHERE expires_at <= ? ORDER BY expires_at LIMIT ?',
  );

  const heldBy = database.prepare('SELECT task_id AS taskId FROM baton_task_leases WHERE owner = ? LIMIT ?');

  return {
    async heldBy(owner, limit) {
      return (heldBy.all(owner, limit) as { taskId: string }[]).map((row) => row.taskId);
    },
    async acquire(taskId, owner, ttlMs) {
      const time = now();
      return writes.run(() => acquire.run(taskId, owner, time + ttlMs, time).changes > 0);
    },
    async renew(owner, taskIds, ttlMs) {
      if (taskIds.length === 0) return [];
      const held = new Set(
        (renew.all(now() + ttlMs, owner, JSON.stringify(taskIds)) as { task_id: string }[]).map(
          (row) => row.task_id,
        ),
      );
      return taskIds.filter((taskId) => !held.has(taskId));
    },
    async release(taskId, owner) {
      await writes.run(() => release.run(taskId, owner));
    },
    async holder(taskId) {
      return (holder.get(taskId, now()) as { owner: string } | undefined)?.owner;
    },
    async expired(limit) {
      return (expired.all(now(), limit) as ExpiredLease[]).map(({ taskId, owner }) => ({ taskId, owner }));
    },
  };
}
