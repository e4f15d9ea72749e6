/** Task persistence: the `TaskStore` interface durable backends implement, and the bounded in-memory store. */
export {
  createInMemoryTaskStore,
  DEFAULT_MAX_FINISHED_TASKS,
  type InMemoryTaskStore,
  type InMemoryTaskStoreOptions,
  type TaskRecordView,
} from './in-memory-task-store.ts';
export { isSameScope } from './is-same-scope.ts';
export type {
  ArtifactChunk,
  StoredTask,
  TaskPage,
  TaskQuery,
  TaskReadOptions,
  TaskScope,
  TaskStore,
} from './task-store.ts';
