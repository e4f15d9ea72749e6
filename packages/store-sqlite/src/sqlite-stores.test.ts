import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  describePushConfigRecordsContract,
  describePushOutboxContract,
  describeTaskLeaseStoreContract,
  describeTaskStoreContract,
  type OutboxStores,
} from '@baton/server/testing';
import { afterAll } from 'vitest';
import { createSqliteStores, type SqliteStores } from './create-sqlite-stores.ts';

const opened: SqliteStores[] = [];
const fresh = (replayWindow?: number) => {
  const stores = createSqliteStores({
    path: ':memory:',
    ...(replayWindow === undefined ? {} : { replayWindow }),
  });
  opened.push(stores);
  return stores;
};
const folder = mkdtempSync(join(tmpdir(), 'baton-sqlite-outbox-'));
afterAll(async () => {
  for (const stores of opened) await stores.close();
  rmSync(folder, { recursive: true, force: true });
});

const HOLD_MS = 2_000;
function asOutboxStores(stores: SqliteStores): OutboxStores {
  opened.push(stores);
  const { outbox } = stores.pushConfigs;
  if (!outbox) throw new Error('the SQLite stores offer no push outbox');
  return { tasks: stores.tasks, pushConfigs: { ...stores.pushConfigs, outbox } };
}
let files = 0;

describeTaskStoreContract('sqlite', {
  createStore: async () => fresh().tasks,
  createStoreWithReplayWindow: async (replayWindow) => fresh(replayWindow).tasks,
  propertyRuns: 40,
});
describePushConfigRecordsContract('sqlite', { createRecords: async () => fresh().pushConfigs });
describeTaskLeaseStoreContract('sqlite', {
  createLeases: async () => fresh().leases,
  createStores: async () => fresh(),
});
describePushOutboxContract('sqlite', {
  holdMs: HOLD_MS,
  // Two processes' stores on one file.
  openPair: async () => {
    const path = join(folder, `outbox-${++files}.db`);
    return [
      asOutboxStores(createSqliteStores({ path, pushHoldMs: HOLD_MS })),
      asOutboxStores(createSqliteStores({ path, pushHoldMs: HOLD_MS })),
    ];
  },
});
