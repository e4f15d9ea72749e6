import { A2AError, isA2AError } from '@baton/protocol';
import type { BindingLogger } from './binding-logger.ts';

/** What {@link toA2AError} needs besides the error: where to log, and what the call was. */
export interface ToA2AErrorOptions {
  readonly logger: BindingLogger;
  /** Fields that identify the call in the log line, e.g. `{ binding: 'JSONRPC', method: 'GetTask' }`. */
  readonly details?: Readonly<Record<string, unknown>>;
}

/**
 * Turns anything a call threw into the `A2AError` the caller sees. An `A2AError` passes through untouched;
 * anything else is logged with its original message and stack, and becomes a -32603 InternalError with the
 * table's generic message, so no internal detail reaches the wire.
 */
export function toA2AError(error: unknown, options: ToA2AErrorOptions): A2AError {
  if (isA2AError(error)) return error;
  options.logger.error('A2A call failed with an unexpected error', { ...options.details, error });
  return A2AError.fromUnknown(error);
}
