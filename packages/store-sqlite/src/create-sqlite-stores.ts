import { randomUUID } from 'node:crypto';
import {
  createLeaseLedger,
  type Logger,
  type PushConfigRecords,
  type TaskLeaseStore,
  type TaskStore,
  withLeaseLedger,
} from '@baton/server/store';
import { openSqliteDatabase, type SqliteDatabase } from './open-sqlite-database.ts';
import { createSqlitePushConfigRecords } from './sqlite-push-config-records.ts';
import { createSqlitePushOutbox } from './sqlite-push-outbox.ts';
import { createSqliteTaskLeaseStore } from './sqlite-task-lease-store.ts';
import { createSqliteTaskStore } from './sqlite-task-store.ts';
import { createSqliteWriteBatch } from './sqlite-write-batch.ts';

/** Options of {@link createSqliteStores}. */
export interface SqliteStoresOptions {
  /** The database file (created with its folder when missing), or `':memory:'`. */
  readonly path: string;
  /** Where unreadable rows are reported. Default: the console. */
  readonly logger?: Logger;
  /**
   * How long a push delivery stays with the process whose write owed it, without a renewal, before the next
   * process on the file takes it over (the first died between the event and its delivery); default 15,000 ms, as task leases.
   */
  readonly pushHoldMs?: number;
  /**
   * How often the write-ahead log is folded into the database file (a passive checkpoint, which waits for
   * nobody), so a copy of the `.db` file alone holds the data up to then; default 60 s. Closing folds it all and
   * empties the log.
   */
  readonly checkpointIntervalMs?: number;
  /** How many of each task's latest events are kept for streams that resume (`Last-Event-ID`); default 1,000; 0 keeps none. */
  readonly replayWindow?: number;
}

/** Every Baton store on one SQLite database. */
export interface SqliteStores {
  readonly tasks: TaskStore;
  /** The push configs, with the outbox of deliveries the task writes owe (`pushConfigs.outbox`). */
  readonly pushConfigs: PushConfigRecords;
  /** Who runs each task, so a task left WORKING by a process that died is ended after a restart. */
  readonly leases: TaskLeaseStore;
  /** The open database, for the application's own tables (apply your own schema). */
  readonly database: SqliteDatabase;
  /** Closes the database; the stores must not be used afterwards. */
  close(): Promise<void>;
}

/**
 * Opens the SQLite database at `path`, migrates its schema, and returns the task store, the push config
 * records and the task leases on it. Fails at once (with the driver's reason) if the file cannot be opened or migrated.
 *
 * @example
 * const stores = createSqliteStores({ path: 'data/agent.db' });
 * const server = createA2AServer({ card, executor, store: stores.tasks, push: pushNotifications({ records: stores.pushConfigs }) });
 */
export function createSqliteStores(options: SqliteStoresOptions): SqliteStores {
  const database = openSqliteDatabase(options.path);
  // One write batch for the three stores: their writes share commits.
  const writes = createSqliteWriteBatch(database);
  const outbox = { holder: randomUUID(), holdMs: options.pushHoldMs ?? 15_000 };
  // A new task's lease is written with the task itself, and given up with its final status.
  const ledger = createLeaseLedger();
  const checkpoint = setInterval(() => {
    try {
      if (database.open) database.exec('PRAGMA wal_checkpoint(PASSIVE)');
    } catch {
      // Busy now (a statement is under way): the next tick folds it in.
    }
  }, options.checkpointIntervalMs ?? 60_000);
  checkpoint.unref?.();
  return {
    tasks: createSqliteTaskStore(database, {
      writes,
      outbox,
      leases: ledger,
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.replayWindow === undefined ? {} : { replayWindow: options.replayWindow }),
    }),
    pushConfigs: {
      ...createSqlitePushConfigRecords(database, writes),
      outbox: createSqlitePushOutbox(database, writes, outbox),
    },
    leases: withLeaseLedger(createSqliteTaskLeaseStore(database, { writes }), ledger),
    database,
    async close() {
      clearInterval(checkpoint);
      if (!database.open) return;
      // After the writes already queued: then the log is folded into the file and emptied, so the `.db` file
      // stands alone (a copy of it is the whole database).
      await writes.run(() => undefined);
      try {
        database.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      } catch {
        // A statement of the caller's is still under way: closing folds the log in (the last connection does).
      }
      if (database.open) database.close();
    },
  };
}
