import type { StreamResponse, Task } from '@baton/protocol';
import { A2AClientError } from '../errors/client-error.ts';
import { mergeArtifact } from './merge-artifact.ts';

/**
 * Folds one stream event into a task snapshot and returns the new snapshot, leaving the old one untouched
 * (untouched artifacts, messages and parts are shared, never cloned): a `task` event replaces the snapshot;
 * a status update replaces the status; an artifact update appends to or replaces the artifact with its
 * `artifactId` (added at the end if new); a `message` event leaves the snapshot as it is. Without a snapshot,
 * an update starts one (state `TASK_STATE_UNSPECIFIED` until a status arrives). Throws `A2AClientError`
 * `PROTOCOL` for an update about another task.
 *
 * @example
 * let task: Task | undefined;
 * for await (const event of stream) setView((task = applyStreamEvent(task, event)));
 */
export function applyStreamEvent(task: Task, event: StreamResponse): Task;
export function applyStreamEvent(task: Task | undefined, event: StreamResponse): Task | undefined;
export function applyStreamEvent(task: Task | undefined, event: StreamResponse): Task | undefined {
  if ('task' in event) return event.task;
  if ('message' in event) return task;
  const update = 'statusUpdate' in event ? event.statusUpdate : event.artifactUpdate;
  if (task !== undefined && task.id !== update.taskId) {
    throw new A2AClientError(
      'PROTOCOL',
      `stream event for task ${update.taskId} applied to a snapshot of task ${task.id}`,
      { cause: event },
    );
  }
  const base: Task = task ?? {
    id: update.taskId,
    contextId: update.contextId,
    status: { state: 'TASK_STATE_UNSPECIFIED' },
  };
  if ('statusUpdate' in event) return { ...base, status: event.statusUpdate.status };
  const artifactUpdate = event.artifactUpdate;
  const artifacts = base.artifacts ?? [];
  const index = artifacts.findIndex(
    (candidate) => candidate.artifactId === artifactUpdate.artifact.artifactId,
  );
  const merged = mergeArtifact(index === -1 ? undefined : artifacts[index], artifactUpdate);
  const next = artifacts.slice();
  next[index === -1 ? next.length : index] = merged;
  return { ...base, artifacts: next };
}
