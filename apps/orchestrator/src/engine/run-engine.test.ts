import { realService } from '@baton/server/testing';
import pg from 'pg';
import { createBullmqRunEngine } from './bullmq-run-engine.ts';
import { createInProcessRunEngine } from './in-process-run-engine.ts';
import { describeRunEngineContract } from './run-engine-contract.ts';

const postgres = await realService('PostgreSQL');
const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };
let schemas = 0;

describeRunEngineContract('in-process', {
  shared: false,
  create: async () => ({ engine: async () => createInProcessRunEngine(), cleanup: async () => undefined }),
});

if (postgres.available) {
  describeRunEngineContract('BullMQ on PostgreSQL', {
    shared: true,
    create: async () => {
      schemas += 1;
      const schema = `baton_engine_${process.pid}_${schemas}`;
      return {
        engine: () =>
          createBullmqRunEngine({ postgresUrl: postgres.url, schema, leaseMs: 10_000, logger: quiet }),
        async cleanup() {
          const admin = new pg.Client({ connectionString: postgres.url });
          await admin.connect();
          await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
          await admin.end();
        },
      };
    },
  });
}
