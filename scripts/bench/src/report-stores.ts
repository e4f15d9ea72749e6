/** Renders W7 and W8 (Baton on its durable stores) for docs/benchmarks.md. */

import { fixed, mib, whole } from './report-format.ts';
import { renderStoreChanges } from './report-store-changes.ts';
import { DURABLE_FLOOR, SDK_ANCHOR, type StoreId, type StoreResults } from './run-stores.ts';
import type { Figures } from './run-workloads.ts';

/** The goals of issue #48, as a fraction of the in-memory store's throughput (with p99 under 4× p50). */
const STORE_GOALS: Readonly<Partial<Record<StoreId, number>>> = {
  sqlite: 0.5,
  postgres: 0.3,
  'postgres-bus': 0.3,
};
const P99_OVER_P50_GOAL = 4;
const LIST_P99_GOAL_MS = 10;

function throughput(results: StoreResults): string[] {
  const lines = [
    '| workload | store | rate | p50 ms | p99 ms | × in memory | goal | × the durable floor | × the SDK’s store | wrong answers |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |',
  ];
  for (const [workload, figures] of results.figures) {
    const memory = figures.memory as Figures | undefined;
    for (const store of results.stores) {
      const f = figures[store.id];
      if (!f || !memory) continue;
      const share = memory.rate > 0 ? f.rate / memory.rate : Number.NaN;
      const goal = STORE_GOALS[store.id];
      const tail = f.p99Ms < P99_OVER_P50_GOAL * f.p50Ms;
      const verdict =
        goal === undefined
          ? ''
          : `≥ ${goal}: ${share >= goal ? 'met' : 'not met'}; p99 < ${P99_OVER_P50_GOAL}× p50: ${tail ? 'met' : 'not met'}`;
      const anchorId = SDK_ANCHOR[store.id];
      const anchor = anchorId === undefined ? undefined : figures[anchorId];
      const versusSdk = anchor && anchor.rate > 0 ? `${fixed(f.rate / anchor.rate, 2)}x` : '';
      const floorId = DURABLE_FLOOR[store.id];
      const floor = floorId === undefined ? undefined : figures[floorId];
      const versusFloor = floor && floor.rate > 0 ? `${fixed(f.rate / floor.rate, 2)}x` : '';
      lines.push(
        `| ${workload} | ${store.label} | ${whole(f.rate)} | ${fixed(f.p50Ms, 2)} | ${fixed(f.p99Ms, 2)} | ${fixed(share, 2)}x | ${verdict} | ${versusFloor} | ${versusSdk} | ${f.errors} |`,
      );
    }
  }
  return lines;
}

/** The W7/W8 section of the report. */
export function renderStoresReport(results: StoreResults): string[] {
  const { large } = results;
  const [start, q1, half, q3, end] = large.rss;
  const growth = end !== undefined && half !== undefined ? end - half : Number.NaN;
  const flat = end !== undefined && growth < 0.1 * end;
  return [
    '## Durable stores (W7, W8)',
    '',
    'Baton as the apps run it on a durable store: the task store plus its task leases (a new task’s lease written',
    'with the task and given up with its final status). W7 runs W1 c=16 and W2 on each store, interleaved like W1–W4; the SQLite file',
    'is on this machine’s disk (WAL, `synchronous=NORMAL`), PostgreSQL is the local server over loopback (its',
    'processes unpinned, sharing both cores with the target and the load generator). The last row adds the',
    'LISTEN/NOTIFY bus, as the apps run on PostgreSQL by default: every event is also published. The official JS',
    'SDK runs beside them on its own database task store (`@a2a-js/sdk/server/database`, Kysely, the table its',
    'migration makes) on the same SQLite (libsql, WAL, `synchronous=NORMAL`) and PostgreSQL (a pool of 16): it keeps',
    'the task only (no replay log, no outbox, no leases), the anchor each Baton store is compared with. The',
    'durable floor (`durable-floor-target`) is the floor that writes each finished task as one row before it',
    'answers (PostgreSQL: the inserts of one turn as one statement, group commit) and nothing more: no durable',
    'A2A server beats it on that database, so a goal above its share of the in-memory rate is out of reach here.',
    ...(results.skipped ? ['', `PostgreSQL was left out: ${results.skipped}.`] : []),
    '',
    ...throughput(results),
    '',
    ...renderStoreChanges(),
    '',
    `W8: a fresh SQLite store filled with ${whole(large.tasks)} tasks (blocking sends at concurrency 16), then ListTasks pages of 50`,
    'at concurrency 1 (with `totalSize`, counted over the caller’s tasks).',
    '',
    '| start | 25 % | 50 % | 75 % | 100 % | growth over the second half | ListTasks p50 | p99 | pages/s | goal | wrong answers |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
    `| ${mib(start)} | ${mib(q1)} | ${mib(half)} | ${mib(q3)} | ${mib(end)} | ${mib(growth)} | ${fixed(large.listP50Ms, 2)} ms | ${fixed(large.listP99Ms, 2)} ms | ${whole(large.listRate)} | RSS flat: ${flat ? 'met' : 'not met'}; p99 < ${LIST_P99_GOAL_MS} ms: ${large.listP99Ms < LIST_P99_GOAL_MS ? 'met' : 'not met'} | ${large.errors} |`,
    '',
  ];
}
