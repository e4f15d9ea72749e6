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
    {
      version: 2,
      name: 'events numbered per run',
      sql: `
        ALTER TABLE orchestrator_run_events ADD COLUMN run_seq INTEGER;
        UPDATE orchestrator_run_events SET run_seq = (
          SELECT COUNT(*) FROM orchestrator_run_events AS earlier
          WHERE earlier.run_id = orchestrator_run_events.run_id AND earlier.seq <= orchestrator_run_events.seq
        );
        DROP INDEX orchestrator_run_events_by_run;
        CREATE UNIQUE INDEX orchestrator_run_events_by_run_seq ON orchestrator_run_events (run_id, run_seq);
      `,
    },
    {
      version: 3,
      name: 'when each run finished, for retention',
      sql: `
        ALTER TABLE orchestrator_runs ADD COLUMN finished_at INTEGER;
        UPDATE orchestrator_runs SET finished_at = CAST(strftime('%s', 'now') AS INTEGER) * 1000
        WHERE status IN ('completed', 'failed', 'canceled');
        CREATE INDEX orchestrator_runs_finished ON orchestrator_runs (finished_at) WHERE finished_at IS NOT NULL;
      `,
    },
    {
      version: 4,
      name: 'chains registered over the API, every version',
      sql: `
        CREATE TABLE orchestrator_chains (
          name TEXT NOT NULL,
          version INTEGER NOT NULL,
          definition TEXT NOT NULL,
          created_at TEXT NOT NULL,
          retired INTEGER NOT NULL DEFAULT 0,
          PRIMARY KEY (name, version)
        );
      `,
    },
    {
      version: 5,
      name: 'Idempotency-Keys of the writes, with their first answers',
      sql: `
        CREATE TABLE orchestrator_idempotency_keys (
          scope TEXT NOT NULL,
          key TEXT NOT NULL,
          fingerprint TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          locked_until INTEGER NOT NULL,
          status INTEGER,
          content_type TEXT,
          body TEXT,
          PRIMARY KEY (scope, key)
        );
        CREATE INDEX orchestrator_idempotency_keys_by_age ON orchestrator_idempotency_keys (created_at);
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
    {
      version: 2,
      name: 'events numbered per run',
      sql: `
        ALTER TABLE orchestrator_run_events ADD COLUMN run_seq integer;
        UPDATE orchestrator_run_events AS event SET run_seq = numbered.run_seq
        FROM (
          SELECT seq, row_number() OVER (PARTITION BY run_id ORDER BY seq) AS run_seq FROM orchestrator_run_events
        ) AS numbered
        WHERE event.seq = numbered.seq;
        ALTER TABLE orchestrator_run_events ALTER COLUMN run_seq SET NOT NULL;
        DROP INDEX orchestrator_run_events_by_run;
        CREATE UNIQUE INDEX orchestrator_run_events_by_run_seq ON orchestrator_run_events (run_id, run_seq);
      `,
    },
    {
      version: 3,
      name: 'when each run finished, for retention',
      sql: `
        ALTER TABLE orchestrator_runs ADD COLUMN finished_at bigint;
        UPDATE orchestrator_runs SET finished_at = (extract(epoch FROM now()) * 1000)::bigint
        WHERE status IN ('completed', 'failed', 'canceled');
        CREATE INDEX orchestrator_runs_finished ON orchestrator_runs (finished_at) WHERE finished_at IS NOT NULL;
      `,
    },
    {
      version: 4,
      name: 'chains registered over the API, every version',
      sql: `
        CREATE TABLE orchestrator_chains (
          name text NOT NULL,
          version integer NOT NULL,
          definition text NOT NULL,
          created_at text NOT NULL,
          retired boolean NOT NULL DEFAULT false,
          PRIMARY KEY (name, version)
        );
      `,
    },
    {
      version: 5,
      name: 'Idempotency-Keys of the writes, with their first answers',
      sql: `
        CREATE TABLE orchestrator_idempotency_keys (
          scope text NOT NULL,
          key text NOT NULL,
          fingerprint text NOT NULL,
          created_at bigint NOT NULL,
          locked_until bigint NOT NULL,
          status integer,
          content_type text,
          body text,
          PRIMARY KEY (scope, key)
        );
        CREATE INDEX orchestrator_idempotency_keys_by_age ON orchestrator_idempotency_keys (created_at);
      `,
    },
  ],
} as const;
