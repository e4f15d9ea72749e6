import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'libsql';
import { applySqliteMigrations } from './apply-sqlite-migrations.ts';
import { SQLITE_MIGRATIONS } from './sqlite-migrations.ts';

/** An open SQLite database (the libsql driver's better-sqlite3-compatible handle). */
export type SqliteDatabase = InstanceType<typeof Database>;

/**
 * Opens (creating it and its folder if needed) the SQLite file at `path`, or an in-memory database for
 * `':memory:'`, and brings its schema up to date. WAL journal with `synchronous=NORMAL`: a crash of the
 * process loses nothing committed; a power cut may lose the last transactions, never the file.
 */
export function openSqliteDatabase(path: string): SqliteDatabase {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new Database(path);
  try {
    database.exec('PRAGMA busy_timeout = 5000');
    database.exec('PRAGMA journal_mode = WAL');
    database.exec('PRAGMA synchronous = NORMAL');
    database.exec('PRAGMA foreign_keys = ON');
    // The WAL is folded into the file every ~4 MB (SQLite's default), by the commit that crosses it, on the event
    // loop: every 40 MB (tried) copied each page once for more commits but stalled that commit for tens of
    // milliseconds, the slowest sends' wait (W7 on SQLite, p99 46 ms for a p50 of 6 ms; 24 ms at 4 MB, for a
    // throughput within the runs' noise). A 64 MiB page cache (bounded, so memory stays flat).
    database.exec('PRAGMA wal_autocheckpoint = 1000');
    database.exec('PRAGMA cache_size = -65536');
    applySqliteMigrations(database, { component: 'baton', migrations: SQLITE_MIGRATIONS });
  } catch (error) {
    database.close();
    throw error;
  }
  return database;
}
