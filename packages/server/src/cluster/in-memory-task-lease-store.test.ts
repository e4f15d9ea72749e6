import { createInMemoryTaskStore } from '../store/in-memory-task-store.ts';
import { describeTaskLeaseStoreContract } from '../testing/task-lease-store-contract.ts';
import { createInMemoryTaskLeaseStore } from './in-memory-task-lease-store.ts';

describeTaskLeaseStoreContract('in-memory', {
  createLeases: async () => createInMemoryTaskLeaseStore(),
  createStores: async () => ({ leases: createInMemoryTaskLeaseStore(), tasks: createInMemoryTaskStore() }),
});
