/** The binding-neutral A2A request handler: the task lifecycle around an executor, and its hooks. */
export type { CallContext, CallUser } from '../vocabulary/call-context.ts';
export {
  overloadError,
  retryAfterOf,
  SHUTTING_DOWN,
  STORE_UNAVAILABLE,
  shuttingDownError,
  storeUnavailableError,
  TOO_MANY_STREAMS,
  TOO_MANY_TASKS,
  tooManyStreamsError,
  tooManyTasksError,
} from '../vocabulary/overload-error.ts';
export {
  type CloseOptions,
  createRequestHandler,
  DEFAULT_MAX_OPEN_STREAMS,
  type TaskRequestHandler,
} from './create-request-handler.ts';
export { DEFAULT_LIST_PAGE_SIZE, MAX_LIST_PAGE_SIZE } from './list-tasks.ts';
export type { PushConfigPage, PushConfigStore } from './push-config-store.ts';
export type { A2ARequestHandler, EventStream } from './request-handler.ts';
export type { ExtendedCardSource, RequestHandlerOptions } from './request-handler-options.ts';
