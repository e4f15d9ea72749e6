/** Running one agent as several instances, and surviving restarts: task leases and the event bus. */
export { createInMemoryEventBus } from './in-memory-event-bus.ts';
export { createInMemoryTaskLeaseStore } from './in-memory-task-lease-store.ts';
export type { BusSubscription, TaskEventBus } from './task-event-bus.ts';
export type { ExpiredLease, TaskLeaseStore } from './task-lease-store.ts';
