import { applyPostgresMigrations } from '@baton/store-postgres';
import type { Pool } from 'pg';
import { RUN_MIGRATIONS } from './run-migrations.ts';
import type { RunRecords } from './run-records.ts';
import type { RunEvent, RunView } from './run-types.ts';

/** {@link RunRecords} in PostgreSQL, beside the orchestrator's A2A tasks. Migrates before it resolves. */
export async function createPostgresRunRecords(pool: Pool): Promise<RunRecords> {
  await applyPostgresMigrations(pool, { component: 'orchestrator', migrations: RUN_MIGRATIONS.postgres });
  const views = async (sql: string, params: unknown[] = []) =>
    (await pool.query<{ view: RunView }>(sql, params)).rows.map((row) => row.view);

  return {
    async saveView(view) {
      await pool.query(
        `INSERT INTO orchestrator_runs (run_id, status, view) VALUES ($1, $2, $3)
         ON CONFLICT (run_id) DO UPDATE SET status = EXCLUDED.status, view = EXCLUDED.view`,
        [view.runId, view.status, JSON.stringify(view)],
      );
    },
    async appendEvent(event) {
      await pool.query('INSERT INTO orchestrator_run_events (run_id, event) VALUES ($1, $2)', [
        event.runId,
        JSON.stringify(event),
      ]);
    },
    async load(runId) {
      const found = await views('SELECT view FROM orchestrator_runs WHERE run_id = $1', [runId]);
      const view = found[0];
      if (!view) return undefined;
      const events = await pool.query<{ event: RunEvent }>(
        'SELECT event FROM orchestrator_run_events WHERE run_id = $1 ORDER BY seq',
        [runId],
      );
      return { view, events: events.rows.map((row) => row.event) };
    },
    unfinished: () =>
      views("SELECT view FROM orchestrator_runs WHERE status IN ('running', 'input-required') ORDER BY seq"),
    recent: (limit) => views('SELECT view FROM orchestrator_runs ORDER BY seq DESC LIMIT $1', [limit]),
  };
}
