import { applySqliteMigrations, type SqliteDatabase } from '@baton/store-sqlite';
import { createSqliteChainRecords } from '../chains/sqlite-chain-records.ts';
import { createSqliteIdempotencyRecords } from '../idempotency/sqlite-idempotency-records.ts';
import { RUN_MIGRATIONS } from './run-migrations.ts';
import type { RunBatch, RunRecords } from './run-records.ts';
import { isFinishedStatus, type RunEvent, type RunView } from './run-types.ts';

/** {@link RunRecords} in SQLite, on the same file as the orchestrator's A2A tasks. Migrates at creation. */
export function createSqliteRunRecords(database: SqliteDatabase): RunRecords {
  applySqliteMigrations(database, { component: 'orchestrator', migrations: RUN_MIGRATIONS.sqlite });
  // A run's finish time is kept from when it first finished; a refinement that runs it again clears it.
  const upsert = database.prepare(`
    INSERT INTO orchestrator_runs (run_id, status, view, finished_at) VALUES (?1, ?2, ?3, ?4)
    ON CONFLICT (run_id) DO UPDATE SET status = excluded.status, view = excluded.view,
      finished_at = CASE WHEN excluded.finished_at IS NULL THEN NULL
        ELSE COALESCE(orchestrator_runs.finished_at, excluded.finished_at) END`);
  const selectPrunable = database.prepare(
    'SELECT run_id FROM orchestrator_runs WHERE finished_at < ? ORDER BY finished_at LIMIT ?',
  );
  const deleteRunEvents = database.prepare('DELETE FROM orchestrator_run_events WHERE run_id = ?');
  const deleteRun = database.prepare('DELETE FROM orchestrator_runs WHERE run_id = ?');
  const prune = database.transaction((before: number, limit: number) => {
    const ids = (selectPrunable.all(before, limit) as { run_id: string }[]).map((row) => row.run_id);
    for (const runId of ids) {
      deleteRunEvents.run(runId);
      deleteRun.run(runId);
    }
    return ids.length;
  });
  const insertEvent = database.prepare(
    'INSERT INTO orchestrator_run_events (run_id, run_seq, event) VALUES (?, ?, ?)',
  );
  const selectLastSeq = database.prepare(
    'SELECT MAX(run_seq) AS last FROM orchestrator_run_events WHERE run_id = ?',
  );
  const selectView = database.prepare('SELECT view FROM orchestrator_runs WHERE run_id = ?');
  const selectEvents = database.prepare(
    'SELECT run_seq, event FROM orchestrator_run_events WHERE run_id = ? AND run_seq > ? ORDER BY run_seq',
  );
  const selectUnfinished = database.prepare(
    "SELECT view FROM orchestrator_runs WHERE status IN ('running', 'input-required') ORDER BY seq",
  );
  const selectRecent = database.prepare('SELECT view FROM orchestrator_runs ORDER BY seq DESC LIMIT ?');
  const views = (rows: unknown[]) =>
    (rows as { view: string }[]).map((row) => JSON.parse(row.view) as RunView);
  const events = (runId: string, after: number) =>
    (selectEvents.all(runId, after) as { run_seq: number; event: string }[]).map(
      (row) => ({ ...JSON.parse(row.event), seq: row.run_seq }) as RunEvent,
    );
  // One transaction for every batch: one fsync however many runs wrote.
  const commit = database.transaction((batches: readonly RunBatch[]) => {
    const refused = new Set<string>();
    for (const batch of batches) {
      const last = (selectLastSeq.get(batch.runId) as { last: number | null }).last ?? 0;
      const first = batch.events[0]?.seq ?? last + 1;
      if (first !== last + 1) {
        refused.add(batch.runId);
        continue;
      }
      for (const event of batch.events) insertEvent.run(batch.runId, event.seq, JSON.stringify(event));
      if (batch.view !== undefined) {
        const finishedAt = isFinishedStatus(batch.view.status) ? Date.now() : null;
        upsert.run(batch.runId, batch.view.status, batch.view.json, finishedAt);
      }
    }
    return refused;
  });

  return {
    chains: createSqliteChainRecords(database),
    idempotency: createSqliteIdempotencyRecords(database),
    async commit(batches) {
      return commit(batches);
    },
    async load(runId) {
      const row = selectView.get(runId) as { view: string } | undefined;
      if (!row) return undefined;
      return { view: JSON.parse(row.view) as RunView, events: events(runId, 0) };
    },
    async eventsAfter(runId, seq) {
      return events(runId, seq);
    },
    async unfinished() {
      return views(selectUnfinished.all());
    },
    async recent(limit) {
      return views(selectRecent.all(limit));
    },
    async pruneFinished(before, limit) {
      return prune(before, limit);
    },
  };
}
