import { isInterruptedState, isTerminalState, type StreamResponse } from '@baton/protocol';

/**
 * Whether a stream ends after `event`: a direct Message, a status update into a terminal or interrupted state
 * (INPUT_REQUIRED and, for simplicity, AUTH_REQUIRED too: the client re-subscribes once it has sent what was
 * asked), or a Task snapshot that is already terminal. A snapshot in an interrupted state does not end a stream:
 * a subscriber to a task waiting for input keeps listening until the task moves on.
 */
export function isFinalEvent(event: StreamResponse): boolean {
  if ('message' in event) return true;
  if ('statusUpdate' in event) {
    const { state } = event.statusUpdate.status;
    return isTerminalState(state) || isInterruptedState(state);
  }
  if ('task' in event) return isTerminalState(event.task.status.state);
  return false;
}
