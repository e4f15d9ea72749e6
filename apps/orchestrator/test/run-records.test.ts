import { realService } from '@baton/server/testing';
import { createPostgresStores } from '@baton/store-postgres';
import { createSqliteStores } from '@baton/store-sqlite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresRunRecords } from '../src/run/postgres-run-records.ts';
import { createInMemoryRunRecords, type RunRecords } from '../src/run/run-records.ts';
import type { RunEvent, RunView } from '../src/run/run-types.ts';
import { createSqliteRunRecords } from '../src/run/sqlite-run-records.ts';

const postgres = await realService('PostgreSQL');
const schema = `baton_runs_${process.pid}`;
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
  if (!postgres.available) return;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await admin.end();
});

function view(runId: string, status: RunView['status']): RunView {
  return {
    runId,
    contextId: `ctx-${runId}`,
    topic: 'tea',
    status,
    createdAt: '2026-01-01T00:00:00.000Z',
    steps: [
      { step: 'outline', skill: 'baton.outline', taskId: `task-${runId}`, state: 'TASK_STATE_WORKING' },
    ],
    artifacts: {},
  };
}

const event = (runId: string, at: string): RunEvent => ({
  runId,
  at,
  type: 'input.answered',
  step: 'outline',
});

const backends: [string, () => Promise<RunRecords>, boolean][] = [
  ['in-memory', async () => createInMemoryRunRecords(), true],
  [
    'sqlite',
    async () => {
      const stores = createSqliteStores({ path: ':memory:' });
      closers.push(() => stores.close());
      return createSqliteRunRecords(stores.database);
    },
    true,
  ],
  [
    'postgres',
    async () => {
      const stores = await createPostgresStores({ url: postgres.url, schema });
      closers.push(() => stores.close());
      await stores.pool.query('DROP TABLE IF EXISTS orchestrator_run_events, orchestrator_runs');
      await stores.pool.query("DELETE FROM baton_schema_migrations WHERE component = 'orchestrator'");
      return createPostgresRunRecords(stores.pool);
    },
    postgres.available,
  ],
];

describe.each(backends)('%s run records', (_name, create, available) => {
  it.skipIf(!available)('keeps a run view, replaced as it changes, and its events in order', async () => {
    const records = await create();
    await records.saveView(view('r1', 'running'));
    for (const at of ['1', '2', '3']) await records.appendEvent(event('r1', at));
    await records.saveView({
      ...view('r1', 'input-required'),
      question: { step: 'outline', text: 'Which topic?' },
    });
    const stored = await records.load('r1');
    expect(stored?.view).toMatchObject({ status: 'input-required', question: { text: 'Which topic?' } });
    expect(stored?.events.map((e) => e.at)).toEqual(['1', '2', '3']);
    expect(await records.load('missing')).toBeUndefined();
  });

  it.skipIf(!available)('lists the unfinished runs, oldest first, and the newest runs', async () => {
    const records = await create();
    await records.saveView(view('a', 'completed'));
    await records.saveView(view('b', 'running'));
    await records.saveView(view('c', 'input-required'));
    await records.saveView(view('d', 'failed'));
    expect((await records.unfinished()).map((v) => v.runId)).toEqual(['b', 'c']);
    expect((await records.recent(2)).map((v) => v.runId)).toEqual(['d', 'c']);
    await records.saveView(view('b', 'completed'));
    expect((await records.unfinished()).map((v) => v.runId)).toEqual(['c']);
  });
});
