import type { SqliteDatabase } from '@baton/store-sqlite';
import { claimOf, type IdempotencyRecords, type KeyClaim, type KeyRow } from './idempotency-records.ts';

/** {@link IdempotencyRecords} in the orchestrator's SQLite file (`orchestrator_idempotency_keys`). */
export function createSqliteIdempotencyRecords(
  database: SqliteDatabase,
  now: () => number = Date.now,
): IdempotencyRecords {
  // New, or an unanswered claim of the same request whose holder let it lapse.
  const take = database.prepare(`
    INSERT INTO orchestrator_idempotency_keys (scope, key, fingerprint, created_at, locked_until)
    VALUES (@scope, @key, @fingerprint, @now, @until)
    ON CONFLICT (scope, key) DO UPDATE SET locked_until = excluded.locked_until
    WHERE orchestrator_idempotency_keys.status IS NULL
      AND orchestrator_idempotency_keys.fingerprint = excluded.fingerprint
      AND orchestrator_idempotency_keys.locked_until <= @now`);
  const read = database.prepare(
    'SELECT fingerprint, status, content_type, body FROM orchestrator_idempotency_keys WHERE scope = ? AND key = ?',
  );
  const complete = database.prepare(
    'UPDATE orchestrator_idempotency_keys SET status = ?, content_type = ?, body = ? WHERE scope = ? AND key = ?',
  );
  const extend = database.prepare(
    'UPDATE orchestrator_idempotency_keys SET locked_until = ? WHERE scope = ? AND key = ? AND status IS NULL',
  );
  const release = database.prepare(
    'DELETE FROM orchestrator_idempotency_keys WHERE scope = ? AND key = ? AND status IS NULL',
  );
  const prune = database.prepare(`
    DELETE FROM orchestrator_idempotency_keys WHERE rowid IN (
      SELECT rowid FROM orchestrator_idempotency_keys WHERE created_at < ? ORDER BY created_at LIMIT ?)`);
  const claim = database.transaction(
    (scope: string, key: string, fingerprint: string, lockMs: number): KeyClaim => {
      const time = now();
      if (take.run({ scope, key, fingerprint, now: time, until: time + lockMs }).changes > 0)
        return { kind: 'claimed' };
      const row = read.get(scope, key) as KeyRow | undefined;
      if (row === undefined) return { kind: 'in-progress' };
      return claimOf(row, fingerprint);
    },
  );
  return {
    async claim(request, lockMs) {
      return claim(request.scope, request.key, request.fingerprint, lockMs);
    },
    async extend(scope, key, lockMs) {
      extend.run(now() + lockMs, scope, key);
    },
    async complete(scope, key, response) {
      complete.run(response.status, response.contentType, response.body, scope, key);
    },
    async release(scope, key) {
      release.run(scope, key);
    },
    async pruneFinished(before, limit) {
      return prune.run(before, limit).changes;
    },
  };
}
