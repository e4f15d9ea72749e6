import { randomUUID } from 'node:crypto';
import {
  createLeaseLedger,
  type Logger,
  type PushConfigRecords,
  redactUrlPassword,
  type TaskLeaseStore,
  type TaskStore,
  withLeaseLedger,
} from '@baton/server/store';
import pg from 'pg';
import { applyPostgresMigrations, quoteIdentifier } from './apply-postgres-migrations.ts';
import { isUnreachable } from './postgres-errors.ts';
import { POSTGRES_MIGRATIONS } from './postgres-migrations.ts';
import { createPostgresPushConfigRecords } from './postgres-push-config-records.ts';
import { createPostgresPushOutbox } from './postgres-push-outbox.ts';
import { createPostgresTaskLeaseStore } from './postgres-task-lease-store.ts';
import { createPostgresTaskStore } from './postgres-task-store.ts';
import { createStatementBatcher } from './statement-batcher.ts';

/** Options of {@link createPostgresStores}. */
export interface PostgresStoresOptions {
  /** A `postgres://` URL (node-postgres connection string). */
  readonly url: string;
  /** The schema Baton's tables live in (created when missing); default the connection's `search_path`. */
  readonly schema?: string;
  /** Most connections the pool opens; default 10. */
  readonly maxConnections?: number;
  /** How long to wait for a connection before a call fails as unavailable; default 5,000 ms. */
  readonly connectTimeoutMs?: number;
  /**
   * Longest wait for one statement's answer before it fails (the connection is then dropped); default 15,000 ms.
   * A connection that went silent (a network cut) cannot hold a caller, or the writes queued behind it, forever.
   */
  readonly queryTimeoutMs?: number;
  /** Where unreadable rows and lost connections are reported. Default: the console. */
  readonly logger?: Logger;
  /**
   * How long a push delivery stays with the instance whose write owed it, without a renewal, before another
   * instance takes it over (the instance died between the event and its delivery); default 15,000 ms, as task leases.
   */
  readonly pushHoldMs?: number;
  /** How many of each task's latest events are kept for streams that resume (`Last-Event-ID`); default 1,000; 0 keeps none. */
  readonly replayWindow?: number;
}

/**
 * The settings of the pool's connections: the schema, each prepared statement planned once per connection (a generic
 * plan), and no sequential scan of a table an index serves. A plan is made on a connection's first execution,
 * whatever the tables hold then: made while they are new and nearly empty, a scan of the whole table looks cheapest
 * and stays as the table grows (on the bench, blocking sends fell from 587 to 88 per second within 15 s). Planning
 * every execution instead (`force_custom_plan`, used until 2026-11-29) followed the tables but cost about a third of
 * PostgreSQL's work per blocking send; with sequential scans off, every statement of the store is planned through its
 * indexes however small its tables were when it was planned (`plans-on-new-tables.test.ts`). A table with no index
 * for a query is still scanned: the setting makes the scan the last resort, not impossible.
 */
export function postgresConnectionSettings(schema: string | undefined): string {
  const settings = ['-c plan_cache_mode=force_generic_plan', '-c enable_seqscan=off'];
  if (schema !== undefined) settings.unshift(`-c search_path=${quoteIdentifier(schema)}`);
  return settings.join(' ');
}

/** Every Baton store on one PostgreSQL database. */
export interface PostgresStores {
  readonly tasks: TaskStore;
  /** The push configs, with the outbox of deliveries the task writes owe (`pushConfigs.outbox`). */
  readonly pushConfigs: PushConfigRecords;
  /** Who runs each task: instances send cancels and follow-ups to the holder, and recover expired ones. */
  readonly leases: TaskLeaseStore;
  /**
   * The connection pool, for the application's own tables. Its connections plan each prepared statement once and
   * avoid sequential scans where an index serves (see `postgresConnectionSettings`): give queries that need other
   * settings a pool of their own.
   */
  readonly pool: pg.Pool;
  /** Closes the pool; the stores must not be used afterwards. */
  close(): Promise<void>;
}

/**
 * Connects to PostgreSQL, migrates the schema (once, under a lock, however many instances start together),
 * and returns the task store and push config records on it. Rejects with a one-line reason when the database
 * cannot be reached or migrated.
 *
 * @example
 * const stores = await createPostgresStores({ url: 'postgres://baton@db/agents' });
 * const server = createA2AServer({ card, executor, store: stores.tasks, push: pushNotifications({ records: stores.pushConfigs }) });
 */
export async function createPostgresStores(options: PostgresStoresOptions): Promise<PostgresStores> {
  const logger = options.logger;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    query_timeout: options.queryTimeoutMs ?? 15_000,
    options: postgresConnectionSettings(options.schema),
  });
  // An idle connection the server dropped (a restart) is replaced by the pool; without a listener it would crash.
  pool.on('error', (error) => {
    (logger ?? console).warn?.('A PostgreSQL connection was lost; the pool will reconnect', {
      error: error.message,
    });
  });
  try {
    await applyPostgresMigrations(pool, {
      component: 'baton',
      migrations: POSTGRES_MIGRATIONS,
      schema: options.schema,
    });
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    const where = redactUrlPassword(options.url);
    throw new Error(
      isUnreachable(error)
        ? `Cannot reach PostgreSQL at ${where}: ${reason}`
        : `Cannot prepare the Baton schema in PostgreSQL at ${where}: ${reason}`,
      { cause: error },
    );
  }
  const outbox = { holder: randomUUID(), holdMs: options.pushHoldMs ?? 15_000 };
  // One group commit for the tasks and their leases; a new task's lease is written with the task itself.
  const batcher = createStatementBatcher(pool);
  const ledger = createLeaseLedger();
  return {
    tasks: createPostgresTaskStore(pool, {
      outbox,
      batcher,
      leases: ledger,
      ...(logger ? { logger } : {}),
      ...(options.replayWindow === undefined ? {} : { replayWindow: options.replayWindow }),
    }),
    pushConfigs: { ...createPostgresPushConfigRecords(pool), outbox: createPostgresPushOutbox(pool, outbox) },
    leases: withLeaseLedger(createPostgresTaskLeaseStore(pool, batcher), ledger),
    pool,
    close: () => pool.end(),
  };
}
