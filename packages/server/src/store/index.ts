/** Task persistence: the `TaskStore` interface durable backends implement, and the bounded in-memory store. */

export { type TaskWithFirstWrite, withFirstWrite } from './first-write.ts';
export {
  createInMemoryTaskStore,
  DEFAULT_MAX_FINISHED_TASKS,
  type InMemoryTaskStore,
  type InMemoryTaskStoreOptions,
  type TaskRecordView,
} from './in-memory-task-store.ts';
export { isSameScope } from './is-same-scope.ts';
export { firstUserMessageId, MESSAGE_IN_FLIGHT, messageInFlightError } from './message-in-flight.ts';
export { decodePageToken, encodePageToken, type PagePosition } from './page-token.ts';
export { redactUrlPassword } from './redact-url-password.ts';
export { scopeFromKey, scopeKey } from './scope-key.ts';
export {
  CorruptTaskError,
  type JsonColumn,
  listedTasks,
  type StoredTaskRows,
  taskBase,
  taskFromRows,
} from './stored-task-rows.ts';
export { statusTimeOf, TaskRecord } from './task-record.ts';
export type {
  ArtifactChunk,
  FirstWrite,
  GeneratedEvent,
  ReplayedEvents,
  StoredTask,
  SyncTaskStore,
  TaskPage,
  TaskQuery,
  TaskReadOptions,
  TaskScope,
  TaskStore,
} from './task-store.ts';
export { DEFAULT_REPLAY_WINDOW } from './task-store.ts';
