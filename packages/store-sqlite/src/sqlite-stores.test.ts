import {
  describePushConfigRecordsContract,
  describeTaskLeaseStoreContract,
  describeTaskStoreContract,
} from '@baton/server/testing';
import { afterAll } from 'vitest';
import { createSqliteStores, type SqliteStores } from './create-sqlite-stores.ts';

const opened: SqliteStores[] = [];
const fresh = () => {
  const stores = createSqliteStores({ path: ':memory:' });
  opened.push(stores);
  return stores;
};
afterAll(async () => {
  for (const stores of opened) await stores.close();
});

describeTaskStoreContract('sqlite', { createStore: async () => fresh().tasks, propertyRuns: 40 });
describePushConfigRecordsContract('sqlite', { createRecords: async () => fresh().pushConfigs });
describeTaskLeaseStoreContract('sqlite', { createLeases: async () => fresh().leases });
