import { type AppProcess, startAppProcess } from '@baton/chain/testing';
import { createA2AClient } from '@baton/client';
import { isA2AError } from '@baton/protocol';
import { realService } from '@baton/server/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { dropDatabase, freshDatabase, withPostgres } from './postgres-database.ts';

const postgres = await realService('PostgreSQL');
const database = `baton_shared_${process.pid}`;
const apps: AppProcess[] = [];

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop('SIGKILL')));
  if (postgres.available) await dropDatabase(postgres.url, database);
});

describe.skipIf(!postgres.available)('two agents on one PostgreSQL database', () => {
  it('each keeps its own tasks: no agent lists, reads or continues the other’s', async () => {
    const url = await freshDatabase(postgres.url, database);
    const env = { BATON_STORE: url, LOG_LEVEL: 'error' };
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
    const schemas = await withPostgres(url, async (client) => {
      const rows = await client.query<{ schema: string }>(
        "SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'baton_tasks' ORDER BY 1",
      );
      return rows.rows.map((row) => row.schema);
    });
    expect(schemas).toEqual(['baton_doc_agent', 'baton_outline_agent']);
  }, 60_000);
});
