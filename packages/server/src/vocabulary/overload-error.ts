import { A2A_ERRORS, A2AError } from '@baton/protocol';

/** ErrorInfo reason of a send refused because the agent runs its maximum of tasks. */
export const TOO_MANY_TASKS = 'TOO_MANY_TASKS';
/** ErrorInfo reason of a stream refused because the agent has its maximum of streams open. */
export const TOO_MANY_STREAMS = 'TOO_MANY_STREAMS';
/** ErrorInfo reason of work refused because the server is shutting down. */
export const SHUTTING_DOWN = 'SHUTTING_DOWN';

/** The message of work refused during shutdown. */
export const SHUTTING_DOWN_MESSAGE = 'The server is shutting down';

const RETRY_AFTER_KEY = 'retryAfterSeconds';

/**
 * An overload error: A2A has no dedicated code, so, as the spec's error categories say for a system that is
 * overloaded or unavailable, a -32603 InternalError whose ErrorInfo names the `reason` and carries
 * `retryAfterSeconds`; the bindings answer it with HTTP 503 UNAVAILABLE (HTTP+JSON) and a `Retry-After` header.
 */
export function overloadError(
  reason: string,
  message: string,
  retryAfterSeconds: number,
  metadata: Readonly<Record<string, string>> = {},
): A2AError {
  return A2AError.from('InternalError', {
    message,
    reason,
    metadata: { ...metadata, [RETRY_AFTER_KEY]: String(retryAfterSeconds) },
  });
}

/** The `Retry-After` seconds of an overload error, or `undefined` for any other error. */
export function retryAfterOf(error: A2AError): number | undefined {
  if (error.code !== A2A_ERRORS.InternalError.code) return undefined;
  const value = error.metadata?.[RETRY_AFTER_KEY];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** The send refused at the running-task limit. */
export function tooManyTasksError(limit: number): A2AError {
  const message = `The agent is running its maximum of ${limit} tasks; retry later`;
  return overloadError(TOO_MANY_TASKS, message, 1, { limit: String(limit) });
}

/** The stream refused at the open-stream limit. */
export function tooManyStreamsError(limit: number): A2AError {
  const message = `The agent has its maximum of ${limit} streams open; retry later`;
  return overloadError(TOO_MANY_STREAMS, message, 1, { limit: String(limit) });
}

/** The work refused once shutdown has begun. */
export function shuttingDownError(): A2AError {
  return overloadError(SHUTTING_DOWN, SHUTTING_DOWN_MESSAGE, 5);
}

/** ErrorInfo reason of a call that failed because the store could not be reached. */
export const STORE_UNAVAILABLE = 'STORE_UNAVAILABLE';

/**
 * A call that failed because the store (a database) could not be reached: retryable, answered like the other
 * overload errors (HTTP 503 / -32603 with `Retry-After`). `detail` says what the store reported.
 */
export function storeUnavailableError(detail: string, cause?: unknown): A2AError {
  return A2AError.from('InternalError', {
    message: `The task store is unavailable (${detail}); retry later`,
    reason: STORE_UNAVAILABLE,
    metadata: { [RETRY_AFTER_KEY]: '2' },
    cause,
  });
}
