import type { SqliteDatabase } from './open-sqlite-database.ts';
import type { SqliteMigration } from './sqlite-migrations.ts';

/** A named list of migrations: Baton's own (`baton`), or an application's tables beside them. */
export interface SqliteMigrationSet {
  /** Whose schema this is; versions are counted per component. */
  readonly component: string;
  readonly migrations: readonly SqliteMigration[];
}

/**
 * Applies the migrations of `set` the database has not had yet, each in its own transaction with its row in
 * `baton_schema_migrations`. `BEGIN IMMEDIATE` takes the write lock first, so two processes opening the same
 * file at once apply each step once. Refuses a database migrated by a newer version (a step it does not know).
 */
export function applySqliteMigrations(database: SqliteDatabase, set: SqliteMigrationSet): void {
  const { component, migrations } = set;
  database.exec(`CREATE TABLE IF NOT EXISTS baton_schema_migrations (
    component TEXT NOT NULL,
    version INTEGER NOT NULL,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL,
    PRIMARY KEY (component, version)
  )`);
  const isApplied = database.prepare(
    'SELECT 1 FROM baton_schema_migrations WHERE component = ? AND version = ?',
  );
  const record = database.prepare(
    'INSERT INTO baton_schema_migrations (component, version, name, applied_at) VALUES (?, ?, ?, ?)',
  );
  for (const migration of migrations) {
    database.exec('BEGIN IMMEDIATE');
    try {
      if (!isApplied.get(component, migration.version)) {
        database.exec(migration.sql);
        record.run(component, migration.version, migration.name, new Date().toISOString());
      }
      database.exec('COMMIT');
    } catch (error) {
      database.exec('ROLLBACK');
      throw error;
    }
  }
  const known = Math.max(0, ...migrations.map((migration) => migration.version));
  const newest = database
    .prepare('SELECT MAX(version) AS version FROM baton_schema_migrations WHERE component = ?')
    .get(component) as { version: number | null };
  if ((newest.version ?? 0) > known) {
    throw new Error(
      `The ${component} schema in the database is at version ${newest.version}, newer than this code knows (${known}); upgrade`,
    );
  }
}
