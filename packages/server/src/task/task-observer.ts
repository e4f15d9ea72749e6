import type { StreamResponse } from '@baton/protocol';

/** Receives what one call waits for: the task's events and, if the request fails before any event, the error. */
export interface TaskObserver {
  /** An event of the task (or the direct Message reply), in order. */
  event(event: StreamResponse): void;
  /** The request failed before its first event (for example the executor threw an A2AError right away). */
  error(error: unknown): void;
}
