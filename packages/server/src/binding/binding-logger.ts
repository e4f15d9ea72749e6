import type { Logger } from '../vocabulary/logger.ts';

/**
 * Where a binding reports failures the caller must not see: a handler that threw something other than an
 * `A2AError`, a result that could not be serialized. The caller only gets a generic InternalError. Any
 * server {@link Logger} will do.
 */
export type BindingLogger = Pick<Logger, 'error'>;

export { consoleLogger } from '../vocabulary/logger.ts';
