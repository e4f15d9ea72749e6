import type { Artifact, Task } from '@baton/protocol';
import type { DataPart } from '../builders/parts.ts';

/**
 * The first data part of an artifact. Given a task, the artifact is the one named `name` or, without a
 * name, the task's first artifact; given an artifact, `name` (if any) must be its name. `undefined` when
 * there is no such artifact or it has no data part.
 *
 * @example
 * const itinerary = firstDataPart(task, 'itinerary')?.data;
 */
export function firstDataPart(artifactOrTask: Artifact | Task, name?: string): DataPart | undefined {
  const artifact =
    'artifactId' in artifactOrTask
      ? name === undefined || artifactOrTask.name === name
        ? artifactOrTask
        : undefined
      : name === undefined
        ? artifactOrTask.artifacts?.[0]
        : artifactOrTask.artifacts?.find((candidate) => candidate.name === name);
  for (const part of artifact?.parts ?? []) if ('data' in part) return part;
  return undefined;
}
