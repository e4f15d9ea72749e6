import { describeTaskEventBusContract } from '../testing/task-event-bus-contract.ts';
import { createInMemoryEventBus } from './in-memory-event-bus.ts';

describeTaskEventBusContract('in-memory', {
  createBuses: async (count) => {
    const bus = createInMemoryEventBus();
    return Array.from({ length: count }, () => bus);
  },
});
