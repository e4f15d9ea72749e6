import { type AppProcess, startAppProcess } from '@baton/chain/testing';
import { createA2AClient } from '@baton/client';
import { isA2AError } from '@baton/protocol';
import { realService } from '@baton/server/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

const postgres = await realService('PostgreSQL');
const database = `baton_shared_${process.pid}`;
const apps: AppProcess[] = [];

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop('SIGKILL')));
  if (postgres.available) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
});

describe.skipIf(!postgres.available)('two agents on one PostgreSQL database', () => {
  it('each keeps its own tasks: no agent lists, reads or continues the other’s', async () => {
    await admin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${database}`);
      await client.query(`CREATE DATABASE ${database}`);
    });
    const url = new URL(postgres.url);
    url.pathname = `/${database}`;
    const env = { BATON_STORE: url.toString(), LOG_LEVEL: 'error' };
    const [outline, doc] = await Promise.all([
      startAppProcess('outline-agent', env, 30_000),
      startAppProcess('doc-agent', env, 30_000),
    ]);
    apps.push(outline as AppProcess, doc as AppProcess);
    const outlineClient = await createA2AClient({ agent: outline?.url ?? '' });
    const docClient = await createA2AClient({ agent: doc?.url ?? '' });
    const contextId = 'one-context';
    const made = await outlineClient.sendMessage('The history of tea', { contextId });
    if (!('task' in made)) throw new Error('expected a task');

    expect((await outlineClient.listTasks({ contextId })).tasks.map((task) => task.id)).toEqual([
      made.task.id,
    ]);
    expect((await docClient.listTasks({ contextId })).tasks).toEqual([]);
    const read = await docClient.getTask(made.task.id).catch((error: unknown) => error);
    expect(isA2AError(read, 'TaskNotFoundError')).toBe(true);

    // Each app's tables are in a schema of its own.
    const schemas = await admin(async () => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const rows = await client.query<{ schema: string }>(
          "SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'baton_tasks' ORDER BY 1",
        );
        return rows.rows.map((row) => row.schema);
      } finally {
        await client.end();
      }
    });
    expect(schemas).toEqual(['baton_doc_agent', 'baton_outline_agent']);
  }, 60_000);
});
