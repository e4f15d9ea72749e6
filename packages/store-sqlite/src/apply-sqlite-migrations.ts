import type { SqliteDatabase } from './open-sqlite-database.ts';
import type { SqliteMigration } from './sqlite-migrations.ts';

/**
 * Applies the migrations the database has not had yet, each in its own transaction with its row in
 * `baton_schema_migrations`. `BEGIN IMMEDIATE` takes the write lock first, so two processes opening the same
 * file at once apply each step once. Refuses a database migrated by a newer Baton (a version it does not know).
 */
export function applySqliteMigrations(
  database: SqliteDatabase,
  migrations: readonly SqliteMigration[],
): void {
  database.exec(`CREATE TABLE IF NOT EXISTS baton_schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const known = Math.max(0, ...migrations.map((migration) => migration.version));
  for (const migration of migrations) {
    database.exec('BEGIN IMMEDIATE');
    try {
      const done = database
        .prepare('SELECT 1 FROM baton_schema_migrations WHERE version = ?')
        .get(migration.version);
      if (!done) {
        database.exec(migration.sql);
        database
          .prepare('INSERT INTO baton_schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
          .run(migration.version, migration.name, new Date().toISOString());
      }
      database.exec('COMMIT');
    } catch (error) {
      database.exec('ROLLBACK');
      throw error;
    }
  }
  const newest = database.prepare('SELECT MAX(version) AS version FROM baton_schema_migrations').get() as {
    version: number | null;
  };
  if ((newest.version ?? 0) > known) {
    throw new Error(
      `The database schema is at version ${newest.version}, newer than this Baton knows (${known}); upgrade Baton`,
    );
  }
}
