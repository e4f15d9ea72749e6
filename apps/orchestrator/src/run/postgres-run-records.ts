import { applyPostgresMigrations, whileReachable } from '@baton/store-postgres';
import type { Pool, PoolClient } from 'pg';
import { createPostgresChainRecords } from '../chains/postgres-chain-records.ts';
import { createPostgresIdempotencyRecords } from '../idempotency/postgres-idempotency-records.ts';
import { RUN_MIGRATIONS } from './run-migrations.ts';
import type { RunBatch, RunRecords } from './run-records.ts';
import { isFinishedStatus, type RunEvent, type RunView } from './run-types.ts';

/**
 * {@link RunRecords} in PostgreSQL, beside the orchestrator's A2A tasks. Migrates before it resolves. A commit is
 * one transaction of two statements whatever the number of runs in it (every event in one `INSERT … unnest`, every
 * view in another); an unreachable database rejects with the retryable STORE_UNAVAILABLE error.
 */
export async function createPostgresRunRecords(pool: Pool): Promise<RunRecords> {
  await applyPostgresMigrations(pool, { component: 'orchestrator', migrations: RUN_MIGRATIONS.postgres });
  const views = async (sql: string, params: unknown[] = []) =>
    whileReachable(async () =>
      (await pool.query<{ view: RunView }>(sql, params)).rows.map((row) => row.view),
    );
  const eventsAfter = async (runId: string, seq: number) =>
    whileReachable(async () => {
      const rows = await pool.query<{ run_seq: number; event: RunEvent }>(
        'SELECT run_seq, event FROM orchestrator_run_events WHERE run_id = $1 AND run_seq > $2 ORDER BY run_seq',
        [runId, seq],
      );
      return rows.rows.map((row) => ({ ...row.event, seq: row.run_seq }));
    });

  /** Inserts the batches' events; the runs whose numbers were taken are returned, and then nothing is kept. */
  async function insertEvents(client: PoolClient, batches: readonly RunBatch[]) {
    const runIds: string[] = [];
    const seqs: number[] = [];
    const events: string[] = [];
    for (const batch of batches) {
      for (const event of batch.events) {
        runIds.push(batch.runId);
        seqs.push(event.seq);
        events.push(JSON.stringify(event));
      }
    }
    const inserted = await client.query<{ run_id: string }>(
      `INSERT INTO orchestrator_run_events (run_id, run_seq, event)
       SELECT * FROM unnest($1::text[], $2::integer[], $3::json[])
       ON CONFLICT (run_id, run_seq) DO NOTHING RETURNING run_id`,
      [runIds, seqs, events],
    );
    const counts = new Map<string, number>();
    for (const row of inserted.rows) counts.set(row.run_id, (counts.get(row.run_id) ?? 0) + 1);
    return new Set(
      batches
        .filter((batch) => (counts.get(batch.runId) ?? 0) < batch.events.length)
        .map((batch) => batch.runId),
    );
  }

  async function saveViews(client: PoolClient, batches: readonly RunBatch[]) {
    const kept = batches.flatMap((batch) => (batch.view ? [{ runId: batch.runId, ...batch.view }] : []));
    if (kept.length === 0) return;
    // A run's finish time is kept from when it first finished; a refinement that runs it again clears it.
    const now = Date.now();
    await client.query(
      `INSERT INTO orchestrator_runs (run_id, status, view, finished_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::json[], $4::bigint[])
       ON CONFLICT (run_id) DO UPDATE SET status = EXCLUDED.status, view = EXCLUDED.view,
         finished_at = CASE WHEN EXCLUDED.finished_at IS NULL THEN NULL
           ELSE COALESCE(orchestrator_runs.finished_at, EXCLUDED.finished_at) END`,
      [
        kept.map((view) => view.runId),
        kept.map((view) => view.status),
        kept.map((view) => view.json),
        kept.map((view) => (isFinishedStatus(view.status) ? now : null)),
      ],
    );
  }

  return {
    chains: createPostgresChainRecords(pool),
    idempotency: createPostgresIdempotencyRecords(pool),
    commit: (batches) =>
      whileReachable(async () => {
        const refused = new Set<string>();
        const client = await pool.connect();
        let broken: Error | undefined;
        // A connection that drops between two statements says so on the client, not on a query: noted here
        // (the next statement fails), never left to crash the process as an unheard 'error' event.
        const onError = (error: Error) => {
          broken = error;
        };
        client.on('error', onError);
        try {
          for (;;) {
            const writing = batches.filter((batch) => !refused.has(batch.runId));
            if (writing.length === 0) return refused;
            await client.query('BEGIN');
            const taken = await insertEvents(client, writing);
            if (taken.size > 0) {
              // Another writer numbered these runs' events: keep none of theirs, and the rest without them.
              await client.query('ROLLBACK');
              for (const runId of taken) refused.add(runId);
              continue;
            }
            await saveViews(client, writing);
            await client.query('COMMIT');
            return refused;
          }
        } catch (error) {
          await client.query('ROLLBACK').catch((rollback: unknown) => {
            broken = rollback instanceof Error ? rollback : new Error(String(rollback));
          });
          throw error;
        } finally {
          client.off('error', onError);
          // A connection that cannot even roll back is dropped, not handed to the next commit.
          client.release(broken);
        }
      }),
    async load(runId) {
      const found = await views('SELECT view FROM orchestrator_runs WHERE run_id = $1', [runId]);
      const view = found[0];
      if (!view) return undefined;
      return { view, events: await eventsAfter(runId, 0) };
    },
    eventsAfter,
    unfinished: () =>
      views("SELECT view FROM orchestrator_runs WHERE status IN ('running', 'input-required') ORDER BY seq"),
    recent: (limit) => views('SELECT view FROM orchestrator_runs ORDER BY seq DESC LIMIT $1', [limit]),
    async pruneFinished(before, limit) {
      const result = await whileReachable(() =>
        pool.query(
          `WITH doomed AS (
             SELECT run_id FROM orchestrator_runs WHERE finished_at < $1
             ORDER BY finished_at LIMIT $2 FOR UPDATE SKIP LOCKED
           ), events AS (
             DELETE FROM orchestrator_run_events WHERE run_id IN (SELECT run_id FROM doomed)
           )
           DELETE FROM orchestrator_runs WHERE run_id IN (SELECT run_id FROM doomed)`,
          [before, limit],
        ),
      );
      return result.rowCount ?? 0;
    },
  };
}
