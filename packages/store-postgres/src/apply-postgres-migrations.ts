import type { Pool } from 'pg';
import type { PostgresMigration } from './postgres-migrations.ts';

/** A named list of migrations: Baton's own (`baton`), or an application's tables beside them. */
export interface PostgresMigrationSet {
  /** Whose schema this is; versions are counted per component. */
  readonly component: string;
  readonly migrations: readonly PostgresMigration[];
  /** The schema the tables go in (created when missing); default the connection's `search_path`. */
  readonly schema?: string | undefined;
}

/**
 * Applies the migrations of `set` the database has not had yet, in one transaction under an advisory lock
 * taken per schema, so instances starting together apply each step once and none sees a half-made schema.
 * Refuses a schema migrated by a newer version (a step it does not know).
 */
export async function applyPostgresMigrations(pool: Pool, set: PostgresMigrationSet): Promise<void> {
  const { component, migrations, schema } = set;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // The lock comes first: CREATE SCHEMA IF NOT EXISTS itself races when instances start together.
    await client.query(
      "SELECT pg_advisory_xact_lock(hashtext('baton_schema_migrations:' || COALESCE($1, current_schema())))",
      [schema ?? null],
    );
    if (schema !== undefined) await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`);
    await client.query(`CREATE TABLE IF NOT EXISTS baton_schema_migrations (
      component text NOT NULL,
      version integer NOT NULL,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (component, version)
    )`);
    const applied = await client.query<{ version: number }>(
      'SELECT version FROM baton_schema_migrations WHERE component = $1',
      [component],
    );
    const done = new Set(applied.rows.map((row) => row.version));
    const known = Math.max(0, ...migrations.map((migration) => migration.version));
    const newest = Math.max(0, ...done);
    if (newest > known) {
      throw new Error(
        `The ${component} schema in the database is at version ${newest}, newer than this code knows (${known}); upgrade`,
      );
    }
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query(
        'INSERT INTO baton_schema_migrations (component, version, name) VALUES ($1, $2, $3)',
        [component, migration.version, migration.name],
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Quotes a PostgreSQL identifier (a schema name). */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
