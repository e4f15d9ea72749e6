import { realService } from '@baton/server/testing';
import { createPostgresStores } from '@baton/store-postgres';
import { applySqliteMigrations, createSqliteStores } from '@baton/store-sqlite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresRunRecords } from '../src/run/postgres-run-records.ts';
import { RUN_MIGRATIONS } from '../src/run/run-migrations.ts';
import { createInMemoryRunRecords, type RunBatch, type RunRecords } from '../src/run/run-records.ts';
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

const event = (runId: string, seq: number): RunEvent => ({
  runId,
  seq,
  at: `2026-01-01T00:00:0${seq % 10}.000Z`,
  type: 'input.answered',
  step: 'outline',
});

/** A batch of `count` events from `from`, with the view when a status is given. */
function batch(runId: string, from: number, count: number, status?: RunView['status']): RunBatch {
  const events = Array.from({ length: count }, (_, index) => event(runId, from + index));
  return {
    runId,
    events,
    ...(status === undefined ? {} : { view: { json: JSON.stringify(view(runId, status)), status } }),
  };
}

async function freshPostgres() {
  const stores = await createPostgresStores({ url: postgres.url, schema });
  closers.push(() => stores.close());
  await stores.pool.query(
    'DROP TABLE IF EXISTS orchestrator_run_events, orchestrator_runs, orchestrator_chains, orchestrator_idempotency_keys',
  );
  await stores.pool.query("DELETE FROM baton_schema_migrations WHERE component = 'orchestrator'");
  return stores;
}

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
  ['postgres', async () => createPostgresRunRecords((await freshPostgres()).pool), postgres.available],
];

describe.each(backends)('%s run records', (_name, create, available) => {
  it.skipIf(!available)(
    'keep Idempotency-Keys: claimed once, in progress, refused for another request, answered, taken over once lapsed',
    async () => {
      const keys = (await create()).idempotency;
      if (keys === undefined) throw new Error('these records keep no keys');
      const request = { scope: 'alice', key: 'k1', fingerprint: 'f1' };
      expect(await keys.claim(request, 60_000)).toEqual({ kind: 'claimed' });
      expect(await keys.claim(request, 60_000)).toEqual({ kind: 'in-progress' });
      expect(await keys.claim({ ...request, fingerprint: 'f2' }, 60_000)).toEqual({ kind: 'mismatch' });
      // Another caller's same key is theirs.
      expect(await keys.claim({ ...request, scope: 'bob' }, 60_000)).toEqual({ kind: 'claimed' });
      const response = { status: 202, contentType: 'application/json', body: '{"runId":"r1"}' };
      await keys.complete('alice', 'k1', response);
      expect(await keys.claim(request, 60_000)).toEqual({ kind: 'completed', response });
      // A holder that died: its claim lapses and the same request takes it; a released key is free again.
      const lapsing = { scope: 'alice', key: 'k2', fingerprint: 'f1' };
      expect(await keys.claim(lapsing, 1)).toEqual({ kind: 'claimed' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await keys.claim({ ...lapsing, fingerprint: 'other' }, 60_000)).toEqual({ kind: 'mismatch' });
      expect(await keys.claim(lapsing, 1)).toEqual({ kind: 'claimed' });
      // Renewed while its request is under way: not taken over.
      await keys.extend('alice', 'k2', 60_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await keys.claim(lapsing, 60_000)).toEqual({ kind: 'in-progress' });
      await keys.release('alice', 'k2');
      expect(await keys.claim({ ...lapsing, fingerprint: 'other' }, 60_000)).toEqual({ kind: 'claimed' });
      // A completed key is not released.
      await keys.release('alice', 'k1');
      expect(await keys.claim(request, 60_000)).toEqual({ kind: 'completed', response });
      expect(await keys.pruneFinished(Date.now() + 1_000, 2)).toBe(2);
      expect(await keys.pruneFinished(Date.now() + 1_000, 10)).toBe(1);
      expect(await keys.claim(request, 60_000)).toEqual({ kind: 'claimed' });
    },
  );

  it.skipIf(!available)(
    'keep every version of a chain; a number is taken once; retiring and registering again',
    async () => {
      const { chains } = await create();
      if (chains === undefined) throw new Error('these records keep no chains');
      const version = (name: string, number: number) => ({
        name,
        version: number,
        definition: JSON.stringify({ name, number }),
        createdAt: `2026-01-0${number}T00:00:00.000Z`,
      });
      expect(await chains.addChain(version('b', 1))).toBe(true);
      expect(await chains.addChain(version('a', 1))).toBe(true);
      expect(await chains.addChain(version('a', 2))).toBe(true);
      // Another writer took the number: refused, and what was kept stays.
      expect(await chains.addChain({ ...version('a', 2), definition: 'other' })).toBe(false);
      const listed = await chains.listChains();
      expect(listed.map((record) => [record.name, record.version, record.retired])).toEqual([
        ['a', 1, false],
        ['a', 2, false],
        ['b', 1, false],
      ]);
      expect(listed[1]).toEqual({ ...version('a', 2), retired: false });
      expect(await chains.retireChain('a')).toBe(true);
      expect(await chains.retireChain('nope')).toBe(false);
      expect((await chains.listChains()).map((record) => record.retired)).toEqual([true, true, false]);
      // A new version puts the name in use again.
      expect(await chains.addChain(version('a', 3))).toBe(true);
      expect((await chains.listChains()).filter((r) => r.name === 'a').map((r) => r.retired)).toEqual([
        false,
        false,
        false,
      ]);
    },
  );

  it.skipIf(!available)('keeps each run view, replaced as it changes, and its events in order', async () => {
    const records = await create();
    expect(await records.commit([batch('r1', 1, 3, 'running'), batch('r2', 1, 1, 'running')])).toEqual(
      new Set(),
    );
    // Chunks come without a view: the events are kept, the view stays as it was.
    await records.commit([batch('r1', 4, 2)]);
    await records.commit([{ ...batch('r1', 6, 1, 'input-required') }]);
    const stored = await records.load('r1');
    expect(stored?.view.status).toBe('input-required');
    expect(stored?.events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await records.eventsAfter('r1', 4)).map((e) => e.seq)).toEqual([5, 6]);
    expect((await records.load('r2'))?.events).toHaveLength(1);
    expect(await records.load('missing')).toBeUndefined();
  });

  it.skipIf(!available)('refuses a whole batch whose numbers are taken, and keeps the others', async () => {
    const records = await create();
    await records.commit([batch('a', 1, 2, 'running')]);
    // A second writer of run a starts again at 2: refused whole (its view too); run b goes in.
    const refused = await records.commit([batch('a', 2, 2, 'completed'), batch('b', 1, 1, 'running')]);
    expect(refused).toEqual(new Set(['a']));
    const a = await records.load('a');
    expect(a?.view.status).toBe('running');
    expect(a?.events.map((e) => e.seq)).toEqual([1, 2]);
    expect((await records.load('b'))?.view.status).toBe('running');
    // The writer that holds the run goes on from its own numbers.
    expect(await records.commit([batch('a', 3, 1, 'completed')])).toEqual(new Set());
    expect((await records.load('a'))?.view.status).toBe('completed');
  });

  it.skipIf(!available)('lists the unfinished runs, oldest first, and the newest runs', async () => {
    const records = await create();
    await records.commit([batch('a', 1, 1, 'completed')]);
    await records.commit([batch('b', 1, 1, 'running')]);
    await records.commit([batch('c', 1, 1, 'input-required')]);
    await records.commit([batch('d', 1, 1, 'failed')]);
    expect((await records.unfinished()).map((v) => v.runId)).toEqual(['b', 'c']);
    expect((await records.recent(2)).map((v) => v.runId)).toEqual(['d', 'c']);
    await records.commit([batch('b', 2, 1, 'completed')]);
    expect((await records.unfinished()).map((v) => v.runId)).toEqual(['c']);
  });

  it.skipIf(!available)(
    'prunes runs finished before the cut-off with their events, in batches, never one going',
    async (context) => {
      const records = await create();
      if (records.pruneFinished === undefined) return context.skip();
      await records.commit([batch('done-1', 1, 3, 'completed')]);
      await records.commit([batch('done-2', 1, 1, 'failed')]);
      await records.commit([batch('going', 1, 1, 'running')]);
      const cutOff = Date.now() + 1_000;
      expect(await records.pruneFinished(cutOff, 1)).toBe(1);
      expect(await records.pruneFinished(cutOff, 10)).toBe(1);
      expect(await records.pruneFinished(cutOff, 10)).toBe(0);
      expect(await records.load('done-1')).toBeUndefined();
      expect(await records.eventsAfter('done-1', 0)).toEqual([]);
      expect((await records.load('going'))?.view.status).toBe('running');
      // Finished after the cut-off: kept.
      await records.commit([batch('going', 2, 1, 'completed')]);
      expect(await records.pruneFinished(Date.now() - 60_000, 10)).toBe(0);
      expect((await records.recent(10)).map((v) => v.runId)).toEqual(['going']);
    },
  );
});

describe('runs kept before events were numbered', () => {
  const v1 = (set: readonly { version: number; name: string; sql: string }[]) => [set[0] as (typeof set)[0]];
  const oldRows = [
    ['x', JSON.stringify({ runId: 'x', at: '1', type: 'run.started' })],
    ['y', JSON.stringify({ runId: 'y', at: '2', type: 'run.started' })],
    ['x', JSON.stringify({ runId: 'x', at: '3', type: 'run.completed' })],
  ];

  it('are numbered per run by the migration (SQLite)', async () => {
    const stores = createSqliteStores({ path: ':memory:' });
    closers.push(() => stores.close());
    applySqliteMigrations(stores.database, {
      component: 'orchestrator',
      migrations: v1(RUN_MIGRATIONS.sqlite),
    });
    const insert = stores.database.prepare(
      'INSERT INTO orchestrator_run_events (run_id, event) VALUES (?, ?)',
    );
    for (const [runId, json] of oldRows) insert.run(runId, json);
    stores.database
      .prepare("INSERT INTO orchestrator_runs (run_id, status, view) VALUES ('x', 'completed', ?)")
      .run(JSON.stringify(view('x', 'completed')));
    const records = createSqliteRunRecords(stores.database);
    expect((await records.load('x'))?.events.map((e) => [e.seq, e.at])).toEqual([
      [1, '1'],
      [2, '3'],
    ]);
    expect(await records.commit([batch('x', 3, 1, 'completed')])).toEqual(new Set());
    expect(await records.commit([batch('x', 3, 1, 'completed')])).toEqual(new Set(['x']));
  });

  it.skipIf(!postgres.available)('are numbered per run by the migration (PostgreSQL)', async () => {
    const stores = await freshPostgres();
    const { applyPostgresMigrations } = await import('@baton/store-postgres');
    await applyPostgresMigrations(stores.pool, {
      component: 'orchestrator',
      migrations: v1(RUN_MIGRATIONS.postgres),
    });
    for (const [runId, json] of oldRows)
      await stores.pool.query('INSERT INTO orchestrator_run_events (run_id, event) VALUES ($1, $2)', [
        runId,
        json,
      ]);
    await stores.pool.query(
      "INSERT INTO orchestrator_runs (run_id, status, view) VALUES ('x', 'completed', $1)",
      [JSON.stringify(view('x', 'completed'))],
    );
    const records = await createPostgresRunRecords(stores.pool);
    expect((await records.load('x'))?.events.map((e) => [e.seq, e.at])).toEqual([
      [1, '1'],
      [2, '3'],
    ]);
    expect(await records.commit([batch('x', 3, 1, 'completed')])).toEqual(new Set());
    expect(await records.commit([batch('x', 3, 1, 'completed')])).toEqual(new Set(['x']));
  });
});

describe('run records in memory', () => {
  it('keep at most maxFinishedRuns finished runs, dropping those that finished first, never one still going', async () => {
    const records = createInMemoryRunRecords({ maxFinishedRuns: 3 });
    await records.commit([batch('going', 1, 1, 'running')]);
    for (const runId of ['f1', 'f2', 'f3', 'f4', 'f5'])
      await records.commit([batch(runId, 1, 1, 'completed')]);
    expect(await records.load('f1')).toBeUndefined();
    expect(await records.load('f2')).toBeUndefined();
    expect((await records.recent(10)).map((view) => view.runId)).toEqual(['f5', 'f4', 'f3', 'going']);
    expect((await records.unfinished()).map((view) => view.runId)).toEqual(['going']);
    // A run that finishes later is the newest to finish: the one that finished first goes.
    await records.commit([batch('going', 2, 1, 'completed')]);
    expect((await records.recent(10)).map((view) => view.runId)).toEqual(['f5', 'f4', 'going']);
  });

  it('answer the newest runs from the end, whatever how many are kept', async () => {
    const records = createInMemoryRunRecords({ maxFinishedRuns: 5_000 });
    for (let index = 0; index < 4_000; index += 1)
      await records.commit([batch(`r${index}`, 1, 1, 'completed')]);
    expect((await records.recent(1)).map((view) => view.runId)).toEqual(['r3999']);
  });
});
