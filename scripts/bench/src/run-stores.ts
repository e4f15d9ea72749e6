/**
 * W7 and W8: Baton on its durable stores. W7 runs W1 c=16 and W2 on the in-memory store, SQLite and
 * PostgreSQL side by side (interleaved rounds, same process layout as W1–W4), with the official JS SDK on its
 * database task store (`@a2a-js/sdk/server/database`) on the same SQLite and PostgreSQL. W8 fills a fresh SQLite store
 * with N tasks (RSS each quarter), then measures a ListTasks page at that size.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type LoadGenerator, rssOf, startTarget } from './processes.ts';
import { type Figures, runWorkloads, type TargetSpec, type WorkloadSettings } from './run-workloads.ts';
import { JSON_RPC_PATH } from './workload.ts';
import { memoryJob, sectionWorkloads } from './workloads.ts';

export type StoreId =
  | 'memory'
  | 'sqlite'
  | 'postgres'
  | 'postgres-bus'
  | 'sdk-sqlite'
  | 'sdk-postgres'
  | 'floor-sqlite'
  | 'floor-postgres';

/** The durable floor on the same database as each of Baton's durable stores: what no durable server beats there. */
export const DURABLE_FLOOR: Readonly<Partial<Record<StoreId, StoreId>>> = {
  sqlite: 'floor-sqlite',
  postgres: 'floor-postgres',
  'postgres-bus': 'floor-postgres',
};

/** The JS SDK's database store on the same database as each of Baton's durable stores: the anchor to beat. */
export const SDK_ANCHOR: Readonly<Partial<Record<StoreId, StoreId>>> = {
  sqlite: 'sdk-sqlite',
  postgres: 'sdk-postgres',
  'postgres-bus': 'sdk-postgres',
};

/** What W7 and W8 measured. */
export interface StoreResults {
  readonly stores: readonly TargetSpec<StoreId>[];
  /** Why PostgreSQL was left out, when it was. */
  readonly skipped?: string;
  readonly figures: Map<string, Partial<Record<StoreId, Figures>>>;
  readonly large: {
    readonly tasks: number;
    readonly rss: readonly number[];
    readonly listP50Ms: number;
    readonly listP99Ms: number;
    readonly listRate: number;
    readonly errors: number;
    readonly firstError?: string;
  };
}

const POSTGRES_URL = process.env.BATON_TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) || 5432, timeout: 2_000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}

const LIST_BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ListTasks', params: { pageSize: 50 } });

/** Runs W7 and W8; `largeTasks` is the size of the W8 store. */
export async function runStores(
  generator: LoadGenerator,
  settings: WorkloadSettings & { readonly largeTasks: number },
): Promise<StoreResults> {
  const folder = mkdtempSync(join(tmpdir(), 'baton-bench-stores-'));
  const schema = `baton_bench_${process.pid}`;
  const sdkSchema = `${schema}_sdk`;
  const floorSchema = `${schema}_floor`;
  const postgres = await reachable(POSTGRES_URL);
  const stores: TargetSpec<StoreId>[] = [
    { id: 'memory', label: 'in memory', script: 'baton-target' },
    {
      id: 'sqlite',
      label: 'SQLite',
      script: 'baton-store-target',
      env: { BENCH_SQLITE: join(folder, 'w7.db') },
    },
    {
      id: 'floor-sqlite',
      label: 'the durable floor, SQLite',
      script: 'durable-floor-target',
      env: { BENCH_SQLITE: join(folder, 'w7-floor.db') },
    },
    {
      id: 'sdk-sqlite',
      label: '@a2a-js/sdk, its SQLite store',
      script: 'sdk-store-target',
      env: { BENCH_SQLITE: join(folder, 'w7-sdk.db') },
    },
    ...(postgres
      ? [
          {
            id: 'postgres' as const,
            label: 'PostgreSQL',
            script: 'baton-store-target',
            env: { BENCH_POSTGRES: POSTGRES_URL, BENCH_POSTGRES_SCHEMA: schema },
          },
          {
            id: 'postgres-bus' as const,
            label: 'PostgreSQL + LISTEN/NOTIFY bus',
            script: 'baton-store-target',
            env: { BENCH_POSTGRES: POSTGRES_URL, BENCH_POSTGRES_SCHEMA: schema, BENCH_BUS: 'postgres' },
          },
          {
            id: 'floor-postgres' as const,
            label: 'the durable floor, PostgreSQL',
            script: 'durable-floor-target',
            env: { BENCH_POSTGRES: POSTGRES_URL, BENCH_POSTGRES_SCHEMA: floorSchema },
          },
          {
            id: 'sdk-postgres' as const,
            label: '@a2a-js/sdk, its PostgreSQL store',
            script: 'sdk-store-target',
            env: { BENCH_POSTGRES: POSTGRES_URL, BENCH_POSTGRES_SCHEMA: sdkSchema },
          },
        ]
      : []),
  ];
  try {
    const figures = await runWorkloads(
      sectionWorkloads('W7', ['W1 c=16', 'W2']),
      generator,
      // A database's first calls (connections, prepared statements) can outlast a smoke run's short window on a
      // busy machine; a second at least leaves room for answers to arrive.
      { ...settings, durationMs: Math.max(settings.durationMs, 1_000) },
      stores,
    );
    const large = await measureLargeStore(generator, join(folder, 'w8.db'), settings);
    return {
      stores,
      ...(postgres ? {} : { skipped: `PostgreSQL not reachable at ${POSTGRES_URL}` }),
      figures,
      large,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
    if (postgres)
      for (const name of [schema, sdkSchema, floorSchema]) await dropSchema(name).catch(() => undefined);
  }
}

async function measureLargeStore(
  generator: LoadGenerator,
  path: string,
  settings: WorkloadSettings & { readonly largeTasks: number },
): Promise<StoreResults['large']> {
  const target = await startTarget('baton-store-target', settings.serverCore, { BENCH_SQLITE: path });
  try {
    const rss = [rssOf(target.pid) ?? Number.NaN];
    let errors = 0;
    let firstError: string | undefined;
    const quarter = Math.ceil(settings.largeTasks / 4);
    for (let step = 0; step < 4; step++) {
      const result = await generator.run(memoryJob(target.url, quarter));
      errors += result.errors;
      firstError ??= result.firstError;
      rss.push(rssOf(target.pid) ?? Number.NaN);
      settings.log(
        `W8 SQLite: ${(step + 1) * quarter} tasks, RSS ${((rss.at(-1) ?? 0) / 2 ** 20).toFixed(0)} MiB`,
      );
    }
    const list = await generator.run({
      origin: target.url,
      path: JSON_RPC_PATH,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: LIST_BODY,
      expect: { kind: 'list', pageSize: 50 },
      concurrency: 1,
      warmupMs: settings.warmupMs,
      durationMs: settings.durationMs,
    });
    errors += list.errors;
    firstError ??= list.firstError;
    settings.log(
      `W8 ListTasks at ${quarter * 4} tasks: p50 ${list.p50Ms.toFixed(2)} ms, p99 ${list.p99Ms.toFixed(2)} ms`,
    );
    return {
      tasks: quarter * 4,
      rss,
      listP50Ms: list.p50Ms,
      listP99Ms: list.p99Ms,
      listRate: (list.requests / list.elapsedMs) * 1000,
      errors,
      ...(firstError === undefined ? {} : { firstError }),
    };
  } finally {
    await target.stop();
  }
}
