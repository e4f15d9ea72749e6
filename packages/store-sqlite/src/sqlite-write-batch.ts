import type { SqliteDatabase } from './open-sqlite-database.ts';

/** Runs writes in shared transactions: one commit for every write queued in the same turn of the event loop. */
export interface SqliteWriteBatch {
  /**
   * Queues `write`, which runs one statement (SQLite undoes a failed statement by itself), and resolves with
   * its result once the transaction holding it has committed, or rejects with what it threw or with the
   * commit's failure.
   */
  run<T>(write: () => T): Promise<T>;
  /** Like {@link run}, for a write of several statements: in a savepoint, so a failure undoes all of it. */
  runAtomic<T>(write: () => T): Promise<T>;
}

interface Queued {
  readonly write: () => unknown;
  readonly atomic: boolean;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Creates the write batch of a database. A commit is most of what a small SQLite write costs, so concurrent
 * tasks' writes share one `BEGIN IMMEDIATE … COMMIT` per event-loop turn; a write of several statements runs
 * in a savepoint, so a failing one is rolled back alone. A write's promise settles only after the commit, so
 * nothing is published before it is durable, and a read issued after awaiting a write sees it.
 */
export function createSqliteWriteBatch(database: SqliteDatabase): SqliteWriteBatch {
  const begin = database.prepare('BEGIN IMMEDIATE');
  const commit = database.prepare('COMMIT');
  const rollback = database.prepare('ROLLBACK');
  const savepoint = database.prepare('SAVEPOINT baton_write');
  const releaseSavepoint = database.prepare('RELEASE baton_write');
  const rollbackSavepoint = database.prepare('ROLLBACK TO baton_write');
  let queue: Queued[] = [];

  function flush(): void {
    const batch = queue;
    queue = [];
    const settled: (() => void)[] = [];
    try {
      begin.run();
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    for (const item of batch) {
      if (item.atomic) savepoint.run();
      try {
        const result = item.write();
        if (item.atomic) releaseSavepoint.run();
        settled.push(() => item.resolve(result));
      } catch (error) {
        if (item.atomic) {
          rollbackSavepoint.run();
          releaseSavepoint.run();
        }
        settled.push(() => item.reject(error));
      }
    }
    try {
      commit.run();
    } catch (error) {
      if (database.inTransaction) rollback.run();
      for (const item of batch) item.reject(error);
      return;
    }
    for (const settle of settled) settle();
  }

  const enqueue = <T>(write: () => T, atomic: boolean) =>
    new Promise<T>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ write, atomic, resolve: resolve as (value: unknown) => void, reject });
    });

  return {
    run: (write) => enqueue(write, false),
    runAtomic: (write) => enqueue(write, true),
  };
}
