import { whileReachable } from '@baton/store-postgres';
import type { Pool } from 'pg';
import { claimOf, type IdempotencyRecords } from './idempotency-records.ts';

/**
 * {@link IdempotencyRecords} in PostgreSQL (`orchestrator_idempotency_keys`), shared by every orchestrator on the
 * database: a retry that reaches another instance gets the first answer too. A claim is one statement: it takes
 * the key (new, or a lapsed claim of the same request) or returns the row as it is.
 */
export function createPostgresIdempotencyRecords(
  pool: Pool,
  now: () => number = Date.now,
): IdempotencyRecords {
  return {
    claim: (request, lockMs) =>
      whileReachable(async () => {
        const time = now();
        const { rows } = await pool.query<{
          claimed: boolean;
          fingerprint: string;
          status: number | null;
          content_type: string | null;
          body: string | null;
        }>(
          `WITH taken AS (
             INSERT INTO orchestrator_idempotency_keys (scope, key, fingerprint, created_at, locked_until)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (scope, key) DO UPDATE SET locked_until = EXCLUDED.locked_until
             WHERE orchestrator_idempotency_keys.status IS NULL
               AND orchestrator_idempotency_keys.fingerprint = EXCLUDED.fingerprint
               AND orchestrator_idempotency_keys.locked_until <= $4
             RETURNING true AS claimed
           )
           SELECT claimed, NULL AS fingerprint, NULL AS status, NULL AS content_type, NULL AS body
           FROM taken
           UNION ALL
           SELECT false, fingerprint, status, content_type, body
           FROM orchestrator_idempotency_keys
           WHERE scope = $1 AND key = $2 AND NOT EXISTS (SELECT 1 FROM taken)`,
          [request.scope, request.key, request.fingerprint, time, time + lockMs],
        );
        const row = rows[0];
        if (row === undefined) return { kind: 'in-progress' };
        if (row.claimed) return { kind: 'claimed' };
        return claimOf(row, request.fingerprint);
      }),
    extend: (scope, key, lockMs) =>
      whileReachable(async () => {
        await pool.query(
          'UPDATE orchestrator_idempotency_keys SET locked_until = $1 WHERE scope = $2 AND key = $3 AND status IS NULL',
          [now() + lockMs, scope, key],
        );
      }),
    complete: (scope, key, response) =>
      whileReachable(async () => {
        await pool.query(
          'UPDATE orchestrator_idempotency_keys SET status = $1, content_type = $2, body = $3 WHERE scope = $4 AND key = $5',
          [response.status, response.contentType, response.body, scope, key],
        );
      }),
    release: (scope, key) =>
      whileReachable(async () => {
        await pool.query(
          'DELETE FROM orchestrator_idempotency_keys WHERE scope = $1 AND key = $2 AND status IS NULL',
          [scope, key],
        );
      }),
    pruneFinished: (before, limit) =>
      whileReachable(async () => {
        const result = await pool.query(
          `DELETE FROM orchestrator_idempotency_keys WHERE ctid IN (
             SELECT ctid FROM orchestrator_idempotency_keys WHERE created_at < $1 ORDER BY created_at LIMIT $2)`,
          [before, limit],
        );
        return result.rowCount ?? 0;
      }),
  };
}
