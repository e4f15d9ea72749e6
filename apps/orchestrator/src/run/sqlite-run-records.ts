import { applySqliteMigrations, type SqliteDatabase } from '@baton/store-sqlite';
import { RUN_MIGRATIONS } from './run-migrations.ts';
import type { RunRecords } from './run-records.ts';
import type { RunEvent, RunView } from './run-types.ts';

/** {@link RunRecords} in SQLite, on the same file as the orchestrator's A2A tasks. Migrates at creation. */
export function createSqliteRunRecords(database: SqliteDatabase): RunRecords {
  applySqliteMigrations(database, { component: 'orchestrator', migrations: RUN_MIGRATIONS.sqlite });
  const upsert = database.prepare(`
    INSERT INTO orchestrator_runs (run_id, status, view) VALUES (?1, ?2, ?3)
    ON CONFLICT (run_id) DO UPDATE SET status = excluded.status, view = excluded.view`);
  const insertEvent = database.prepare('INSERT INTO orchestrator_run_events (run_id, event) VALUES (?, ?)');
  const selectView = database.prepare('SELECT view FROM orchestrator_runs WHERE run_id = ?');
  const selectEvents = database.prepare(
    'SELECT event FROM orchestrator_run_events WHERE run_id = ? ORDER BY seq',
  );
  const selectUnfinished = database.prepare(
    "SELECT view FROM orchestrator_runs WHERE status IN ('running', 'input-required') ORDER BY seq",
  );
  const selectRecent = database.prepare('SELECT view FROM orchestrator_runs ORDER BY seq DESC LIMIT ?');
  const views = (rows: unknown[]) =>
    (rows as { view: string }[]).map((row) => JSON.parse(row.view) as RunView);

  return {
    async saveView(view) {
      upsert.run(view.runId, view.status, JSON.stringify(view));
    },
    async appendEvent(event) {
      insertEvent.run(event.runId, JSON.stringify(event));
    },
    async load(runId) {
      const row = selectView.get(runId) as { view: string } | undefined;
      if (!row) return undefined;
      const events = (selectEvents.all(runId) as { event: string }[]).map(
        (entry) => JSON.parse(entry.event) as RunEvent,
      );
      return { view: JSON.parse(row.view) as RunView, events };
    },
    async unfinished() {
      return views(selectUnfinished.all());
    },
    async recent(limit) {
      return views(selectRecent.all(limit));
    },
  };
}
