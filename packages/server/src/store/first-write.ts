import type { StreamResponse, Task } from '@baton/protocol';
import type { FirstWrite } from './task-store.ts';

/** A new task as its first write leaves it, and that write's event as it is published and logged. */
export interface TaskWithFirstWrite {
  readonly task: Task;
  readonly first: StreamResponse;
}

/**
 * For a store implementing `TaskStore.createWith` in one write: the task to save (a status replaces the status and
 * its message joins the history; an artifact event, on a task that has none yet, is its first artifact) and the
 * event to log at generation 2.
 */
export function withFirstWrite(task: Task, first: FirstWrite): TaskWithFirstWrite {
  const contextId = task.contextId ?? '';
  if ('status' in first) {
    const history = first.message ? [...(task.history ?? []), first.message] : task.history;
    return {
      task: { ...task, status: first.status, ...(history ? { history } : {}) },
      first: { statusUpdate: { taskId: task.id, contextId, status: first.status } },
    };
  }
  return {
    task: { ...task, artifacts: [first.artifact] },
    first: {
      artifactUpdate: {
        taskId: task.id,
        contextId,
        artifact: first.artifact,
        append: first.chunk.append,
        lastChunk: first.chunk.lastChunk,
      },
    },
  };
}
