import type { StreamResponse } from './stream-response.ts';
import type { TaskState } from './task-state.ts';

/** The task state a stream event carries: a Task's or a status update's; `undefined` for the others. */
export function stateOfEvent(event: StreamResponse): TaskState | undefined {
  if ('task' in event) return event.task.status.state;
  if ('statusUpdate' in event) return event.statusUpdate.status.state;
  return undefined;
}

/**
 * The task generation a stream event carries (the A2A 1.1 draft's `generation`, on a Task and on both update events;
 * present when the server sent it), `undefined` otherwise.
 */
export function generationOfEvent(event: StreamResponse): number | undefined {
  if ('task' in event) return event.task.generation;
  if ('statusUpdate' in event) return event.statusUpdate.generation;
  if ('artifactUpdate' in event) return event.artifactUpdate.generation;
  return undefined;
}

/** The task and context a stream event belongs to, as far as it says (a direct Message may name neither). */
export function idsOfEvent(event: StreamResponse): {
  taskId?: string | undefined;
  contextId?: string | undefined;
} {
  if ('task' in event) return { taskId: event.task.id, contextId: event.task.contextId };
  if ('message' in event) return { taskId: event.message.taskId, contextId: event.message.contextId };
  if ('statusUpdate' in event)
    return { taskId: event.statusUpdate.taskId, contextId: event.statusUpdate.contextId };
  return { taskId: event.artifactUpdate.taskId, contextId: event.artifactUpdate.contextId };
}
