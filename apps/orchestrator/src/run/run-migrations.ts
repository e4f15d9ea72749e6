/** The orchestrator's tables, beside Baton's in the same database (component `orchestrator`). */
export const RUN_MIGRATIONS = {
  sqlite: [
    {
      version: 1,
      name: 'runs and their events',
      sql: `
        CREATE TABLE orchestrator_runs (
          seq INTEGER PRIMARY KEY,
          run_id TEXT NOT NULL UNIQUE,
          status TEXT NOT NULL,
          view TEXT NOT NULL
        );
        CREATE INDEX orchestrator_runs_by_status ON orchestrator_runs (status, seq);
        CREATE TABLE orchestrator_run_events (
          seq INTEGER PRIMARY KEY,
          run_id TEXT NOT NULL,
          event TEXT NOT NULL
        );
        CREATE INDEX orchestrator_run_events_by_run ON orchestrator_run_events (run_id, seq);
      `,
    },
  ],
  postgres: [
    {
      version: 1,
      name: 'runs and their events',
      sql: `
        CREATE TABLE orchestrator_runs (
          seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          run_id text NOT NULL UNIQUE,
          status text NOT NULL,
          view json NOT NULL
        );
        CREATE INDEX orchestrator_runs_by_status ON orchestrator_runs (status, seq);
        CREATE TABLE orchestrator_run_events (
          seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          run_id text NOT NULL,
          event json NOT NULL
        );
        CREATE INDEX orchestrator_run_events_by_run ON orchestrator_run_events (run_id, seq);
      `,
    },
  ],
} as const;
