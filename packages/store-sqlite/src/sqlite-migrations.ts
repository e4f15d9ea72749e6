/** One schema change, applied once, in version order. */
export interface SqliteMigration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/**
 * The schema, as the versioned steps that build it. Never edit a released step: add the next one.
 * Tasks keep one row each; every message and every artifact event is its own row, so a write is one INSERT or
 * one UPDATE. Listings read the indexes that start with the scope and end with the listing order; triggers keep
 * a count of tasks per scope and state, so the `totalSize` of a listing by scope (and state) is not a scan.
 */
export const SQLITE_MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    name: 'tasks, push configs and task leases',
    sql: `
      CREATE TABLE baton_tasks (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        scope TEXT NOT NULL,
        context_id TEXT,
        state TEXT NOT NULL,
        status_time INTEGER NOT NULL,
        status TEXT NOT NULL,
        base TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 1
      );
      CREATE INDEX baton_tasks_listing ON baton_tasks (scope, status_time DESC, seq DESC);
      CREATE INDEX baton_tasks_by_context ON baton_tasks (scope, context_id, status_time DESC, seq DESC);
      CREATE INDEX baton_tasks_by_state ON baton_tasks (scope, state, status_time DESC, seq DESC);
      CREATE TABLE baton_task_messages (
        seq INTEGER PRIMARY KEY,
        task_id TEXT NOT NULL REFERENCES baton_tasks (id) ON DELETE CASCADE,
        message TEXT NOT NULL
      );
      CREATE INDEX baton_task_messages_by_task ON baton_task_messages (task_id, seq);
      CREATE TABLE baton_task_artifact_chunks (
        seq INTEGER PRIMARY KEY,
        task_id TEXT NOT NULL REFERENCES baton_tasks (id) ON DELETE CASCADE,
        append INTEGER NOT NULL,
        artifact TEXT NOT NULL
      );
      CREATE INDEX baton_task_artifact_chunks_by_task ON baton_task_artifact_chunks (task_id, seq);
      CREATE TABLE baton_push_configs (
        task_id TEXT NOT NULL,
        config_id TEXT NOT NULL,
        position INTEGER NOT NULL,
        version TEXT NOT NULL,
        config TEXT NOT NULL,
        PRIMARY KEY (task_id, config_id)
      );
      CREATE INDEX baton_push_configs_by_position ON baton_push_configs (task_id, position);
      CREATE TABLE baton_task_leases (
        task_id TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX baton_task_leases_by_expiry ON baton_task_leases (expires_at);
      CREATE TABLE baton_task_counts (
        scope TEXT NOT NULL,
        state TEXT NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (scope, state)
      );
      CREATE TRIGGER baton_tasks_counted_on_insert AFTER INSERT ON baton_tasks BEGIN
        INSERT INTO baton_task_counts (scope, state, count) VALUES (NEW.scope, NEW.state, 1)
        ON CONFLICT (scope, state) DO UPDATE SET count = count + 1;
      END;
      CREATE TRIGGER baton_tasks_counted_on_state AFTER UPDATE OF state ON baton_tasks
      WHEN OLD.state <> NEW.state BEGIN
        UPDATE baton_task_counts SET count = count - 1 WHERE scope = OLD.scope AND state = OLD.state;
        INSERT INTO baton_task_counts (scope, state, count) VALUES (NEW.scope, NEW.state, 1)
        ON CONFLICT (scope, state) DO UPDATE SET count = count + 1;
      END;
      CREATE TRIGGER baton_tasks_counted_on_delete AFTER DELETE ON baton_tasks BEGIN
        UPDATE baton_task_counts SET count = count - 1 WHERE scope = OLD.scope AND state = OLD.state;
      END;
    `,
  },
  {
    version: 2,
    name: 'the agent URL a push config was registered through (issuer of its signed deliveries)',
    sql: `
      ALTER TABLE baton_push_configs ADD COLUMN agent_url TEXT;
    `,
  },
  {
    version: 3,
    name: 'messages found by their id (a message sent again gets the task it went to)',
    sql: `
      CREATE INDEX baton_task_messages_by_message_id
        ON baton_task_messages (json_extract(message, '$.messageId'));
    `,
  },
  {
    version: 4,
    name: 'the push outbox: the deliveries each event owes, written with the event',
    sql: `
      CREATE TABLE baton_push_outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        task_id TEXT NOT NULL,
        task_version INTEGER NOT NULL,
        config_id TEXT NOT NULL,
        event TEXT NOT NULL,
        holder TEXT NOT NULL,
        held_until INTEGER NOT NULL
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
        task_id TEXT NOT NULL REFERENCES baton_tasks (id) ON DELETE CASCADE,
        generation INTEGER NOT NULL,
        event TEXT NOT NULL,
        PRIMARY KEY (task_id, generation)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 7,
    name: 'one task per user message id and scope, whichever process creates it',
    sql: `
      ALTER TABLE baton_tasks ADD COLUMN first_message_id TEXT;
      CREATE UNIQUE INDEX baton_tasks_by_first_message ON baton_tasks (scope, first_message_id)
      WHERE first_message_id IS NOT NULL;
    `,
  },
];
