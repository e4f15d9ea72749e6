import {
  createInMemoryEventBus,
  createInMemoryPushConfigRecords,
  createInMemoryTaskLeaseStore,
  createInMemoryTaskStore,
} from '@baton/server';
import { describeClusterContract } from './cluster-contract.ts';

describeClusterContract('in-memory store and bus shared in one process', {
  createBackend: async () => {
    const store = createInMemoryTaskStore();
    const leases = createInMemoryTaskLeaseStore();
    const bus = createInMemoryEventBus();
    const pushConfigs = createInMemoryPushConfigRecords();
    return { instance: async () => ({ store, leases, bus, pushConfigs }), close: async () => undefined };
  },
});
