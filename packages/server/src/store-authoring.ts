/**
 * `@baton/server/store`: what a task store, push store or event bus backend is built from, beside the
 * interfaces it implements (`TaskStore`, `TaskLeaseStore`, `PushConfigRecords`, `PushOutbox`,
 * `TaskEventBus`, also at the root). The SQLite, PostgreSQL and Redis packages are built on these; the suites a
 * backend must pass are at `@baton/server/testing`.
 *
 * @example
 * import { type StoredTaskRows, taskFromRows } from '@baton/server/store';
 * const task = taskFromRows(rows, { historyLength: 10 }); // the wire Task from a backend's rows
 */
export {
  type BusChannelHooks,
  type BusChannels,
  type BusSubscription,
  createBusChannels,
  createLeaseLedger,
  type ExpiredLease,
  type LeaseLedger,
  type LeaseLedgerOptions,
  type LedgerLease,
  type TaskEventBus,
  type TaskLeaseStore,
  withLeaseLedger,
} from './cluster/index.ts';
export {
  deliveryId,
  type OutboxDelivery,
  type PushConfigRecord,
  type PushConfigRecords,
  type PushOutbox,
  type StoredPushConfig,
} from './push/index.ts';
export {
  type ArtifactChunk,
  CorruptTaskError,
  DEFAULT_REPLAY_WINDOW,
  decodePageToken,
  encodePageToken,
  type FirstWrite,
  firstUserMessageId,
  type GeneratedEvent,
  isSameScope,
  type JsonColumn,
  listedTasks,
  MESSAGE_IN_FLIGHT,
  messageInFlightError,
  type PagePosition,
  type ReplayedEvents,
  redactUrlPassword,
  type StoredTask,
  type StoredTaskRows,
  type SyncTaskStore,
  scopeFromKey,
  scopeKey,
  statusTimeOf,
  type TaskPage,
  type TaskQuery,
  type TaskReadOptions,
  TaskRecord,
  type TaskScope,
  type TaskStore,
  type TaskWithFirstWrite,
  taskBase,
  taskFromRows,
  withFirstWrite,
} from './store/index.ts';
export { consoleLogger, type Logger } from './vocabulary/logger.ts';
