import {
  describePushConfigRecordsContract,
  describePushOutboxContract,
  describeTaskLeaseStoreContract,
  describeTaskStoreContract,
  type OutboxStores,
  realService,
} from '@baton/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStores, type PostgresStores } from './create-postgres-stores.ts';
import { createPostgresTaskStore } from './postgres-task-store.ts';

const postgres = await realService('PostgreSQL');
const schema = `baton_test_${process.pid}_${Date.now().toString(36)}`;
let stores: PostgresStores;
let other: PostgresStores;
const HOLD_MS = 2_000;

// One schema for the file; each test starts from empty tables.
async function emptied(): Promise<PostgresStores> {
  await stores.pool.query(
    'TRUNCATE baton_tasks, baton_task_messages, baton_task_artifact_chunks, baton_task_events, baton_push_configs, baton_task_leases, baton_push_outbox RESTART IDENTITY',
  );
  return stores;
}

function asOutboxStores(opened: PostgresStores): OutboxStores {
  const { outbox } = opened.pushConfigs;
  if (!outbox) throw new Error('the PostgreSQL stores offer no push outbox');
  return { tasks: opened.tasks, pushConfigs: { ...opened.pushConfigs, outbox } };
}

describe.skipIf(!postgres.available)('postgres stores', () => {
  beforeAll(async () => {
    stores = await createPostgresStores({ url: postgres.url, schema, pushHoldMs: HOLD_MS });
    other = await createPostgresStores({ url: postgres.url, schema, pushHoldMs: HOLD_MS });
  });
  afterAll(async () => {
    await stores?.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await stores?.close();
    await other?.close();
  });

  it('plans each statement once, through its indexes however small the tables were', async () => {
    const settings = await stores.pool.query<{ plan_cache_mode: string; enable_seqscan: string }>(
      "SELECT current_setting('plan_cache_mode') AS plan_cache_mode, current_setting('enable_seqscan') AS enable_seqscan",
    );
    expect(settings.rows[0]).toEqual({ plan_cache_mode: 'force_generic_plan', enable_seqscan: 'off' });
  });

  it('prunes a finished task with every row it has, though no foreign key deletes them with it', async () => {
    const { tasks, pool } = await emptied();
    const keys = await pool.query(
      "SELECT conname FROM pg_constraint WHERE contype = 'f' AND confrelid = 'baton_tasks'::regclass",
    );
    expect(keys.rows).toEqual([]);
    const old = '2020-01-01T00:00:00.000Z';
    const scope = { ownerId: 'alice', tenant: '' };
    for (const id of ['done', 'live']) {
      await tasks.create(
        {
          id,
          contextId: 'c1',
          status: { state: 'TASK_STATE_SUBMITTED', timestamp: old },
          history: [{ messageId: `m-${id}`, role: 'ROLE_USER', parts: [{ text: 'hi' }] }],
        },
        scope,
      );
      await tasks.appendArtifact(
        id,
        { artifactId: 'a1', parts: [{ text: 'x' }] },
        { append: false, lastChunk: true },
      );
      await tasks.addMessage(id, { messageId: `r-${id}`, role: 'ROLE_AGENT', parts: [{ text: 'ok' }] });
    }
    await tasks.setStatus('done', { state: 'TASK_STATE_COMPLETED', timestamp: old });
    expect(await tasks.pruneFinished?.(Date.parse('2021-01-01T00:00:00.000Z'), 10)).toBe(1);
    const left = await pool.query<{ rows: string }>(
      `SELECT (SELECT count(*) FROM baton_task_messages WHERE task_id = 'done')
            + (SELECT count(*) FROM baton_task_artifact_chunks WHERE task_id = 'done')
            + (SELECT count(*) FROM baton_task_events WHERE task_id = 'done') AS rows`,
    );
    expect(Number(left.rows[0]?.rows)).toBe(0);
    expect((await tasks.get('live'))?.task.history).toHaveLength(2);
    expect((await tasks.get('live'))?.task.artifacts).toHaveLength(1);
  });

  describeTaskStoreContract('postgres', {
    createStore: async () => (await emptied()).tasks,
    createStoreWithReplayWindow: async (replayWindow) =>
      createPostgresTaskStore((await emptied()).pool, { replayWindow }),
    propertyRuns: 25,
  });
  describePushConfigRecordsContract('postgres', { createRecords: async () => (await emptied()).pushConfigs });
  describeTaskLeaseStoreContract('postgres', {
    createLeases: async () => (await emptied()).leases,
    createStores: async () => emptied(),
  });
  describePushOutboxContract('postgres', {
    holdMs: HOLD_MS,
    openPair: async () => [asOutboxStores(await emptied()), asOutboxStores(other)],
  });
});
