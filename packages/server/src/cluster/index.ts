/** Running one agent as several instances, and surviving restarts: task leases and the event bus. */
export { createInMemoryTaskLeaseStore } from './in-memory-task-lease-store.ts';
export type { ExpiredLease, TaskLeaseStore } from './task-lease-store.ts';
