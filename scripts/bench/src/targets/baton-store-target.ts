/**
 * Target: Baton on a durable store, as the apps run it: the task store and its task leases (one lease write
 * when a task starts and one when it ends). `BENCH_SQLITE` names a SQLite file; `BENCH_POSTGRES` a
 * PostgreSQL URL, with `BENCH_POSTGRES_SCHEMA` the schema to use, and `BENCH_BUS=postgres` adds the
 * LISTEN/NOTIFY event bus (every event is also published, as with several instances).
 */

import { createPostgresEventBus } from '@baton/bus-postgres';
import type { ClusterOptions, TaskStore } from '@baton/server';
import { createA2AServer } from '@baton/server';
import { startA2AServer } from '@baton/server/node';
import { createPostgresStores } from '@baton/store-postgres';
import { createSqliteStores } from '@baton/store-sqlite';
import { announce, portFromEnv } from './announce.ts';
import { BENCH_CARD, benchExecutor } from './bench-executor.ts';

async function openStores(): Promise<{ store: TaskStore; cluster: ClusterOptions }> {
  const sqlite = process.env.BENCH_SQLITE;
  if (sqlite) {
    const stores = createSqliteStores({ path: sqlite });
    return { store: stores.tasks, cluster: { leases: stores.leases } };
  }
  const url = process.env.BENCH_POSTGRES;
  if (!url) throw new Error('Set BENCH_SQLITE or BENCH_POSTGRES');
  const schema = process.env.BENCH_POSTGRES_SCHEMA;
  const stores = await createPostgresStores({ url, maxConnections: 16, ...(schema ? { schema } : {}) });
  const bus =
    process.env.BENCH_BUS === 'postgres'
      ? await createPostgresEventBus({ url, ...(schema ? { schema } : {}) })
      : undefined;
  return { store: stores.tasks, cluster: { leases: stores.leases, ...(bus ? { bus } : {}) } };
}

const { store, cluster } = await openStores();
const server = createA2AServer({
  card: BENCH_CARD,
  versions: ['1.0'],
  executor: benchExecutor,
  store,
  cluster,
});
const running = await startA2AServer(server, { port: portFromEnv() });
announce(running.url);
