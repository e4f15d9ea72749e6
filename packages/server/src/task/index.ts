/** Live task events (the hub a cross-instance bus can replace), stream-end rules, and the runtime's logger. */
export {
  createEventHub,
  type EventHubOptions,
  type TaskEventHub,
  type TaskEventListener,
} from '../vocabulary/event-hub.ts';
export type { Logger } from '../vocabulary/logger.ts';
export { DEFAULT_MAX_QUEUED_EVENTS } from './event-queue.ts';
export { isFinalEvent } from './final-event.ts';
export { EXECUTOR_FAILURE_MESSAGE } from './run-execution.ts';
export { SHUTDOWN_MESSAGE } from './shut-down-executions.ts';
export { DEFAULT_MAX_RUNNING_TASKS } from './task-runtime.ts';
