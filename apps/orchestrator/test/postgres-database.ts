import pg from 'pg';

/** Runs `work` on a connection to the PostgreSQL server at `url` (to create or drop a test's own database). */
export async function withPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database `name` on the server at `url` (dropped first if a previous run left it); its URL. */
export async function freshDatabase(url: string, name: string): Promise<string> {
  await withPostgres(url, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
  const own = new URL(url);
  own.pathname = `/${name}`;
  return own.toString();
}

/** Drops database `name` (its connections too). */
export function dropDatabase(url: string, name: string): Promise<unknown> {
  return withPostgres(url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
