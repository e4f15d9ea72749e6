/**
 * The plans PostgreSQL makes for the store's statements while its tables are new and never analysed (the first
 * minute of a fresh database, or of a benchmark) must not read a table whole per call: without statistics the
 * planner takes a new table for a few pages, and a plan that walks every task then gets slower with every task
 * until autovacuum analyses the table (measured: about 47 index probes of the messages per send after 6,000
 * sends). Each statement is planned here as the store's connections plan it (a generic plan, the planner's choice
 * knowing nothing of the values, with sequential scans the last resort) on tables filled without an ANALYZE, and
 * run inside a transaction that is rolled back; the test counts the rows the plan read, those a filter dropped
 * included (a scan of the whole table that returns one row read them all).
 */
import { realService } from '@baton/server/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPostgresStores,
  type PostgresStores,
  postgresConnectionSettings,
} from './create-postgres-stores.ts';
import { GET_TASKS } from './postgres-task-store.ts';
import { appendArtifacts, FIND_USER_MESSAGES, setStatuses } from './postgres-task-writes.ts';

const postgres = await realService('PostgreSQL');
const schema = `baton_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const TASKS = 400;

interface PlanNode {
  readonly 'Node Type': string;
  readonly 'Relation Name'?: string;
  readonly 'Index Name'?: string;
  readonly 'Actual Rows': number;
  readonly 'Actual Loops': number;
  readonly 'Rows Removed by Filter'?: number;
  readonly Plans?: readonly PlanNode[];
}

/** Rows each relation's scans read, over the whole plan: those they returned and those their filter dropped. */
function rowsRead(node: PlanNode, into = new Map<string, number>()): Map<string, number> {
  const relation = node['Relation Name'];
  if (relation && /Scan/.test(node['Node Type'])) {
    const read = node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0);
    into.set(relation, (into.get(relation) ?? 0) + read * node['Actual Loops']);
  }
  for (const child of node.Plans ?? []) rowsRead(child, into);
  return into;
}

/** Task `t<index>` with its user message, created with its first status as the runtime creates it. */
function addTask(stores: PostgresStores, index: number) {
  return stores.tasks.createWith?.(
    {
      id: `t${index}`,
      contextId: 'c1',
      status: { state: 'TASK_STATE_SUBMITTED', timestamp: new Date().toISOString() },
      history: [{ messageId: `m${index}`, role: 'ROLE_USER', parts: [{ text: 'tea' }] }],
    },
    { ownerId: 'alice' },
    { status: { state: 'TASK_STATE_WORKING', timestamp: new Date().toISOString() } },
  );
}

describe.skipIf(!postgres.available)('plans cached while the tables are new, on PostgreSQL', () => {
  let stores: PostgresStores;
  let client: pg.Client;

  /** A parameter as a literal EXECUTE takes (EXPLAIN EXECUTE cannot bind): arrays in PostgreSQL's array syntax. */
  function literal(value: unknown): string {
    const element = (item: unknown) =>
      item === null ? 'NULL' : `"${String(item).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
    return client.escapeLiteral(Array.isArray(value) ? `{${value.map(element).join(',')}}` : String(value));
  }

  /** Runs `sql` with `params` under its generic plan, rolled back; the rows each table's scans read. */
  async function readsOf(sql: string, params: unknown[]): Promise<Map<string, number>> {
    await client.query('BEGIN');
    try {
      await client.query(`PREPARE probe AS ${sql}`);
      const { rows } = await client.query(
        `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE probe(${params.map(literal).join(', ')})`,
      );
      return rowsRead((rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]?.Plan as PlanNode);
    } finally {
      await client.query('ROLLBACK');
      await client.query('DEALLOCATE ALL');
    }
  }

  beforeAll(async () => {
    stores = await createPostgresStores({ url: postgres.url, schema });
    await Promise.all(Array.from({ length: TASKS }, (_, index) => addTask(stores, index)));
    // Configured as the stores' own connections are: generic plans, sequential scans the last resort.
    client = new pg.Client({ connectionString: postgres.url, options: postgresConnectionSettings(schema) });
    await client.connect();
    // Every task has a webhook: the push configs grow with the tasks.
    await client.query(
      `INSERT INTO baton_push_configs (task_id, config_id, position, version, config)
       SELECT 't' || i, 'hook', 0, '1.0', '{}'::json FROM generate_series(0, ${TASKS - 1}) AS i`,
    );
  });

  afterAll(async () => {
    await client?.end().catch(() => undefined);
    await stores?.close().catch(() => undefined);
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  });

  it('finds a message by its id without walking the tasks of its scope', async () => {
    const { rows } = await client.query('SELECT scope FROM baton_tasks LIMIT 1');
    const scope = rows[0]?.scope as string;
    const reads = await readsOf(FIND_USER_MESSAGES.sql, [
      ['m7', 'never-sent'],
      [scope, scope],
      [0, 0],
    ]);
    // Before: the listing index gave every task of the scope (400), each task's messages probed in turn.
    expect(reads.get('baton_tasks') ?? 0).toBeLessThanOrEqual(1);
    expect(reads.get('baton_task_messages') ?? 0).toBeLessThanOrEqual(1);
  });

  it('writes a status of a task inside its replay window without reading the event log', async () => {
    const status = { state: 'TASK_STATE_COMPLETED', timestamp: new Date().toISOString() };
    const statement = setStatuses({ holder: '', holdMs: 0 }, 1_000);
    const reads = await readsOf(
      statement.sql,
      statement.params([{ taskId: 't3', status } as never, { taskId: 't4', status } as never]),
    );
    // Before: the replay window's trim hashed the two tasks and read the whole log (800 events) to find nothing,
    // and the outbox read every task's push config (400) to find the two tasks' own.
    // What is read is bounded by the statement's own two tasks (each scan at most both, once per task), never
    // by the table.
    expect(reads.get('baton_task_events') ?? 0).toBeLessThanOrEqual(1);
    expect(reads.get('baton_push_configs') ?? 0).toBeLessThanOrEqual(4);
    expect(reads.get('baton_tasks') ?? 0).toBeLessThanOrEqual(4);
  });

  it('appends an artifact (the last chunk, owing its deliveries) reading only its own tasks and their configs', async () => {
    const artifact = { artifactId: 'a', parts: [{ text: 'chunk' }] };
    const statement = appendArtifacts({ holder: '', holdMs: 0 }, 1_000);
    const reads = await readsOf(
      statement.sql,
      statement.params([
        { taskId: 't5', artifact, append: false, lastChunk: true },
        { taskId: 't6', artifact, append: false, lastChunk: true },
      ]),
    );
    expect(reads.get('baton_tasks') ?? 0).toBeLessThanOrEqual(4);
    expect(reads.get('baton_push_configs') ?? 0).toBeLessThanOrEqual(4);
    expect(reads.get('baton_task_events') ?? 0).toBeLessThanOrEqual(1);
  });

  it('reads two tasks without reading the others', async () => {
    const reads = await readsOf(
      GET_TASKS.sql,
      GET_TASKS.params([
        { taskId: 't8', options: {} },
        { taskId: 't9', options: { historyLength: 0 } },
      ]),
    );
    expect(reads.get('baton_tasks') ?? 0).toBeLessThanOrEqual(4);
  });
});

describe.skipIf(!postgres.available)('plans made while the tables are nearly empty, on PostgreSQL', () => {
  const early = `baton_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let stores: PostgresStores;
  let client: pg.Client;

  beforeAll(async () => {
    stores = await createPostgresStores({ url: postgres.url, schema: early });
    // Configured as the stores' own connections are.
    client = new pg.Client({ connectionString: postgres.url, options: postgresConnectionSettings(early) });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end().catch(() => undefined);
    await stores?.pool.query(`DROP SCHEMA IF EXISTS "${early}" CASCADE`).catch(() => undefined);
    await stores?.close().catch(() => undefined);
  });

  /** A parameter as a literal EXECUTE takes. */
  function literal(value: unknown): string {
    const element = (item: unknown) => (item === null ? 'NULL' : `"${String(item).replaceAll('"', '\\"')}"`);
    return client.escapeLiteral(Array.isArray(value) ? `{${value.map(element).join(',')}}` : String(value));
  }

  async function execute(name: string, params: unknown[], explain: boolean): Promise<Map<string, number>> {
    await client.query('BEGIN');
    try {
      const prefix = explain ? 'EXPLAIN (ANALYZE, FORMAT JSON) ' : '';
      const { rows } = await client.query(`${prefix}EXECUTE ${name}(${params.map(literal).join(', ')})`);
      return explain
        ? rowsRead((rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]?.Plan as PlanNode)
        : new Map();
    } finally {
      await client.query('ROLLBACK');
    }
  }

  it('keeps reading through the indexes once the tables have grown from a task or two', async () => {
    const status = { state: 'TASK_STATE_COMPLETED', timestamp: new Date().toISOString() };
    const artifact = { artifactId: 'a', parts: [{ text: 'chunk' }] };
    const statuses = setStatuses({ holder: '', holdMs: 0 }, 1_000);
    const artifacts = appendArtifacts({ holder: '', holdMs: 0 }, 1_000);
    const probes = [
      {
        name: 'early_status',
        sql: statuses.sql,
        params: statuses.params([{ taskId: 't3', status } as never]),
      },
      {
        name: 'early_artifact',
        sql: artifacts.sql,
        params: artifacts.params([{ taskId: 't5', artifact, append: false, lastChunk: true }]),
      },
      { name: 'early_read', sql: GET_TASKS.sql, params: GET_TASKS.params([{ taskId: 't9', options: {} }]) },
    ];
    // Planned on the first execution, while the tables hold a task or two (one page: a whole scan looks cheapest).
    for (let index = 0; index < 2; index += 1) await addTask(stores, index);
    for (const probe of probes) {
      await client.query(`PREPARE ${probe.name} AS ${probe.sql}`);
      await execute(probe.name, probe.params, false);
    }
    for (let index = 2; index < TASKS; index += 1) await addTask(stores, index);
    for (const probe of probes) {
      const reads = await execute(probe.name, probe.params, true);
      // A plan made on empty tables with sequential scans allowed reads all 400 tasks here, every call.
      expect(reads.get('baton_tasks') ?? 0, probe.name).toBeLessThanOrEqual(2);
    }
  });
});
