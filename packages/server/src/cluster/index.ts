/** Running one agent as several instances, and surviving restarts: task leases and the event bus. */
export { type BusChannelHooks, type BusChannels, createBusChannels } from './bus-channels.ts';
export { AGENT_RESTARTED_MESSAGE, type ClusterOptions } from './cluster-options.ts';
export { TASK_BUSY_ELSEWHERE } from './create-coordinator.ts';
export { createInMemoryEventBus } from './in-memory-event-bus.ts';
export { createInMemoryTaskLeaseStore } from './in-memory-task-lease-store.ts';
export {
  createInstanceLink,
  INSTANCE_UNREACHABLE,
  type InstanceLink,
  type InstanceLinkOptions,
} from './instance-link.ts';
export {
  createLeaseLedger,
  type LeaseLedger,
  type LeaseLedgerOptions,
  type LedgerLease,
  withLeaseLedger,
} from './lease-ledger.ts';
export type { BusSubscription, TaskEventBus } from './task-event-bus.ts';
export type { ExpiredLease, TaskLeaseStore } from './task-lease-store.ts';
