/**
 * Target: the official `@a2a-js/sdk` server (as in `sdk-target`) on its own database task store,
 * `DatabaseTaskStore` from `@a2a-js/sdk/server/database`, on Kysely: the anchor for Baton's durable stores in
 * W7. `BENCH_SQLITE` names a SQLite file (opened with libsql, the driver Baton's store uses, through Kysely's
 * SQLite dialect, in WAL with `synchronous=NORMAL` as Baton's store opens it); `BENCH_POSTGRES` a PostgreSQL URL,
 * with `BENCH_POSTGRES_SCHEMA` the schema (a pool of 16, as Baton's target). The table and its two indexes are
 * what the SDK's own migration (`a2a-db`, `0001_create_tasks`) creates.
 */
import { DatabaseTaskStore } from '@a2a-js/sdk/server/database';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import Database from 'libsql';
import pg from 'pg';
import { announce, portFromEnv } from './announce.ts';
import { startSdkServer } from './sdk-server.ts';

type Dialect = 'sqlite' | 'postgres';

function open(): { db: Kysely<unknown>; dialect: Dialect } {
  const path = process.env.BENCH_SQLITE;
  if (path) {
    const database = new Database(path);
    database.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
    // libsql's API is better-sqlite3's, which is what Kysely's SQLite dialect drives.
    const dialect = new SqliteDialect({ database: database as never });
    return { db: new Kysely<unknown>({ dialect }), dialect: 'sqlite' };
  }
  const url = process.env.BENCH_POSTGRES;
  if (!url) throw new Error('Set BENCH_SQLITE or BENCH_POSTGRES');
  const schema = process.env.BENCH_POSTGRES_SCHEMA;
  const pool = new pg.Pool({
    connectionString: url,
    max: 16,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  return { db: new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
}

/** The SDK's migration `0001_create_tasks`, for this dialect. */
async function migrate(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const collation = sql.raw(dialect === 'postgres' ? 'collate "C"' : 'collate binary');
  const schema = process.env.BENCH_POSTGRES_SCHEMA;
  if (dialect === 'postgres' && schema) await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(schema)}`.execute(db);
  await sql`DROP TABLE IF EXISTS tasks`.execute(db);
  await sql`CREATE TABLE tasks (
    tenant varchar(255) ${collation} NOT NULL,
    owner varchar(255) ${collation} NOT NULL,
    id varchar(36) ${collation} NOT NULL,
    context_id varchar(36) ${collation} NOT NULL,
    status_last_updated bigint NOT NULL,
    status_state varchar(255) ${collation},
    status text, artifacts text, history text, metadata text,
    protocol_version varchar(255),
    CONSTRAINT tasks_pkey PRIMARY KEY (tenant, owner, id))`.execute(db);
  await sql`CREATE INDEX tasks_scope_updated_idx ON tasks (tenant, owner, status_last_updated, id)`.execute(
    db,
  );
  await sql`CREATE INDEX tasks_scope_context_updated_idx ON tasks (tenant, owner, context_id, status_last_updated, id)`.execute(
    db,
  );
}

const { db, dialect } = open();
await migrate(db, dialect);
announce(await startSdkServer(new DatabaseTaskStore(db), portFromEnv()));
