import { describeClusterContract } from '@baton/cluster-testing';
import { realService } from '@baton/server/testing';
import { createPostgresStores, type PostgresStores } from '@baton/store-postgres';
import pg from 'pg';
import { describe } from 'vitest';
import { createPostgresEventBus } from './create-postgres-event-bus.ts';

const postgres = await realService('PostgreSQL');

describe.skipIf(!postgres.available)('cluster on PostgreSQL', () => {
  describeClusterContract('PostgreSQL stores and LISTEN/NOTIFY bus', {
    createBackend: async () => {
      const schema = `baton_cluster_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      const closers: (() => Promise<void>)[] = [];
      return {
        async instance() {
          const stores: PostgresStores = await createPostgresStores({ url: postgres.url, schema });
          const bus = await createPostgresEventBus({ url: postgres.url, schema });
          closers.push(
            () => bus.close(),
            () => stores.close(),
          );
          return { store: stores.tasks, leases: stores.leases, bus, pushConfigs: stores.pushConfigs };
        },
        async close() {
          for (const close of closers) await close().catch(() => undefined);
          const admin = new pg.Client({ connectionString: postgres.url });
          await admin.connect();
          await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
          await admin.end();
        },
      };
    },
  });
});
