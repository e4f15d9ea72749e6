import { createInMemoryPushConfigRecords } from '../push/in-memory-push-config-records.ts';
import { createInMemoryTaskStore } from '../store/in-memory-task-store.ts';
import { describeClusterContract } from '../testing/cluster-contract.ts';
import { createInMemoryEventBus } from './in-memory-event-bus.ts';
import { createInMemoryTaskLeaseStore } from './in-memory-task-lease-store.ts';

describeClusterContract('in-memory store and bus shared in one process', {
  createBackend: async () => {
    const store = createInMemoryTaskStore();
    const leases = createInMemoryTaskLeaseStore();
    const bus = createInMemoryEventBus();
    const pushConfigs = createInMemoryPushConfigRecords();
    return { instance: async () => ({ store, leases, bus, pushConfigs }), close: async () => undefined };
  },
});
