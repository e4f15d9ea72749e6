/** One schema change, applied once, in version order. */
export interface PostgresMigration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/**
 * The schema, as the versioned steps that build it. Never edit a released step: add the next one.
 * Tasks keep one row each; every message and every artifact event is its own row, so a write is one INSERT or
 * one UPDATE. Listings read the indexes that start with the scope and end with the listing order. JSON is kept
 * in `json` columns (checked on write, stored as sent).
 */
export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  {
    version: 1,
    name: 'tasks, push configs and task leases',
    sql: `
      CREATE TABLE baton_tasks (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id text NOT NULL UNIQUE,
        scope text NOT NULL,
        context_id text,
        state text NOT NULL,
        status_time bigint NOT NULL,
        status json NOT NULL,
        base json NOT NULL,
        version bigint NOT NULL DEFAULT 1
      );
      CREATE INDEX baton_tasks_listing ON baton_tasks (scope, status_time DESC, seq DESC);
      CREATE INDEX baton_tasks_by_context ON baton_tasks (scope, context_id, status_time DESC, seq DESC);
      CREATE INDEX baton_tasks_by_state ON baton_tasks (scope, state, status_time DESC, seq DESC);
      CREATE TABLE baton_task_messages (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        task_id text NOT NULL REFERENCES baton_tasks (id) ON DELETE CASCADE,
        message json NOT NULL
      );
      CREATE INDEX baton_task_messages_by_task ON baton_task_messages (task_id, seq);
      CREATE TABLE baton_task_artifact_chunks (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        task_id text NOT NULL REFERENCES baton_tasks (id) ON DELETE CASCADE,
        append boolean NOT NULL,
        artifact json NOT NULL
      );
      CREATE INDEX baton_task_artifact_chunks_by_task ON baton_task_artifact_chunks (task_id, seq);
      CREATE TABLE baton_push_configs (
        task_id text NOT NULL,
        config_id text NOT NULL,
        position bigint NOT NULL,
        version text NOT NULL,
        config json NOT NULL,
        PRIMARY KEY (task_id, config_id)
      );
      CREATE INDEX baton_push_configs_by_position ON baton_push_configs (task_id, position);
      CREATE TABLE baton_task_leases (
        task_id text PRIMARY KEY,
        owner text NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX baton_task_leases_by_expiry ON baton_task_leases (expires_at);
    `,
  },
  {
    version: 2,
    name: 'the agent URL a push config was registered through (issuer of its signed deliveries)',
    sql: `
      ALTER TABLE baton_push_configs ADD COLUMN agent_url text;
    `,
  },
  {
    version: 3,
    name: 'messages found by their id (a message sent again gets the task it went to)',
    sql: `
      CREATE INDEX baton_task_messages_by_message_id ON baton_task_messages ((message->>'messageId'));
    `,
  },
  {
    version: 4,
    name: 'the push outbox: the deliveries each event owes, written with the event',
    sql: `
      CREATE TABLE baton_push_outbox (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        task_id text NOT NULL,
        task_version bigint NOT NULL,
        config_id text NOT NULL,
        event json NOT NULL,
        holder text NOT NULL,
        held_until timestamptz NOT NULL
      );
      CREATE INDEX baton_push_outbox_by_event ON baton_push_outbox (task_id, task_version);
      CREATE INDEX baton_push_outbox_by_hold ON baton_push_outbox (held_until, seq);
    `,
  },
  {
    version: 5,
    name: 'retention: finished tasks by status time, for pruning in small batches',
    sql: `
      CREATE INDEX baton_tasks_finished ON baton_tasks (status_time)
      WHERE state IN ('TASK_STATE_COMPLETED', 'TASK_STATE_FAILED', 'TASK_STATE_CANCELED', 'TASK_STATE_REJECTED');
    `,
  },
  {
    version: 6,
    name: "each task's latest events, by generation, for streams that resume (Last-Event-ID)",
    sql: `
      CREATE TABLE baton_task_events (
        task_id text NOT NULL REFERENCES baton_tasks (id) ON DELETE CASCADE,
        generation bigint NOT NULL,
        event json NOT NULL,
        PRIMARY KEY (task_id, generation)
      );
    `,
  },
  {
    version: 7,
    name: 'one task per user message id and scope, whichever instance creates it',
    sql: `
      ALTER TABLE baton_tasks ADD COLUMN first_message_id text;
      CREATE UNIQUE INDEX baton_tasks_by_first_message ON baton_tasks (scope, first_message_id)
      WHERE first_message_id IS NOT NULL;
    `,
  },
  {
    version: 8,
    // A foreign key check is a query of its own for every row written (planned anew each time, as the store's
    // connections plan every execution): about a fifth of PostgreSQL's work per blocking send. Every write adds
    // its rows in the statement that creates or updates their task (locking its row), and retention deletes a
    // task's rows with it, so the keys guarded nothing the statements do not.
    name: "a task's messages, artifact events and logged events without foreign keys (the statements keep them whole)",
    sql: `
      DO $$
      DECLARE found record;
      BEGIN
        FOR found IN
          SELECT conrelid::regclass AS child, conname FROM pg_constraint
          WHERE contype = 'f' AND confrelid = 'baton_tasks'::regclass
            AND conrelid IN ('baton_task_messages'::regclass, 'baton_task_artifact_chunks'::regclass,
                             'baton_task_events'::regclass)
        LOOP
          EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', found.child, found.conname);
        END LOOP;
      END $$;
    `,
  },
];
