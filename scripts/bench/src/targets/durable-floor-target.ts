/**
 * Target (W7): the durable floor, the floor of `floor-app.ts` writing each finished task to a database before it
 * answers, one row and nothing more: no events, no history rows, no leases, no outbox. `BENCH_SQLITE` names a
 * SQLite file (libsql, WAL, `synchronous=NORMAL`, one INSERT per task, as Baton's store opens it);
 * `BENCH_POSTGRES` a PostgreSQL URL with `BENCH_POSTGRES_SCHEMA` (a pool of 16, and the concurrent inserts of one
 * turn go as one statement, one batch in flight at a time: group commit, as Baton's store writes). What a
 * durable A2A server cannot beat on that database, on this machine: the ceiling W7's store goals sit under.
 */
import Database from 'libsql';
import pg from 'pg';
import { serveFloor } from './floor-app.ts';

const TABLE = 'bench_floor_tasks';

function sqliteKeeper(path: string) {
  const database = new Database(path);
  database.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
  database.exec(
    `DROP TABLE IF EXISTS ${TABLE}; CREATE TABLE ${TABLE} (id TEXT PRIMARY KEY, task TEXT NOT NULL)`,
  );
  const insert = database.prepare(`INSERT INTO ${TABLE} (id, task) VALUES (?, ?)`);
  return (id: string, task: object) => {
    insert.run(id, JSON.stringify(task));
  };
}

async function postgresKeeper(url: string, schema: string | undefined) {
  const pool = new pg.Pool({
    connectionString: url,
    max: 16,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  await pool.query(`DROP TABLE IF EXISTS ${TABLE}`);
  await pool.query(`CREATE TABLE ${TABLE} (id text PRIMARY KEY, task json NOT NULL)`);
  let waiting: { id: string; task: string; done: (error?: unknown) => void }[] = [];
  let busy = false;
  const flush = () => {
    if (busy || waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    busy = true;
    pool
      .query({
        name: 'floor_insert',
        text: `INSERT INTO ${TABLE} (id, task) SELECT * FROM unnest($1::text[], $2::json[])`,
        values: [batch.map((row) => row.id), batch.map((row) => row.task)],
      })
      .then(
        () => {
          for (const row of batch) row.done();
        },
        (error: unknown) => {
          for (const row of batch) row.done(error);
        },
      )
      .finally(() => {
        busy = false;
        flush();
      });
  };
  return (id: string, task: object) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ id, task: JSON.stringify(task), done: (error) => (error ? reject(error) : resolve()) });
      if (waiting.length === 1) queueMicrotask(flush);
    });
}

const sqlite = process.env.BENCH_SQLITE;
const postgres = process.env.BENCH_POSTGRES;
if (!sqlite && !postgres) throw new Error('Set BENCH_SQLITE or BENCH_POSTGRES');
const keep = sqlite
  ? sqliteKeeper(sqlite)
  : await postgresKeeper(postgres ?? '', process.env.BENCH_POSTGRES_SCHEMA);
serveFloor({ validate: false, keep });
