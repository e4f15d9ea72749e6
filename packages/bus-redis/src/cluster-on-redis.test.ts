import { describeClusterContract } from '@baton/cluster-testing';
import { realService } from '@baton/server/testing';
import { createPostgresStores, type PostgresStores } from '@baton/store-postgres';
import pg from 'pg';
import { describe } from 'vitest';
import { createRedisEventBus } from './create-redis-event-bus.ts';

const postgres = await realService('PostgreSQL');
const redis = await realService('Redis');

describe.skipIf(!postgres.available || !redis.available)('cluster on PostgreSQL and Redis', () => {
  describeClusterContract('PostgreSQL stores and Redis bus', {
    createBackend: async () => {
      const schema = `baton_cluster_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      const prefix = `${schema}:`;
      const closers: (() => Promise<void>)[] = [];
      return {
        async instance() {
          const stores: PostgresStores = await createPostgresStores({ url: postgres.url, schema });
          const bus = await createRedisEventBus({ url: redis.url, prefix });
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
