import {
  type Artifact,
  isTerminalState,
  type Part,
  type StreamResponse,
  type Task,
  type TaskArtifactUpdateEvent,
} from '@baton/protocol';
import { joinText } from './artifact-text.ts';
import type { ArtifactFields } from './merge-artifact.ts';

/** Rebuilds artifacts from a stream of artifact updates; see {@link createArtifactAssembler}. */
export interface ArtifactAssembler {
  /**
   * Applies one event: an artifact update (bare or as a `StreamResponse`), or a `task` snapshot, whose
   * artifacts replace the assembled ones (complete if the task is terminal). Other events are ignored.
   */
  feed(event: TaskArtifactUpdateEvent | StreamResponse): void;
  /** Every artifact seen so far, in the order each was first seen (a fresh copy of each part list). */
  artifacts(): Artifact[];
  /** The artifact with this id as assembled so far, or `undefined` if none was seen. */
  get(artifactId: string): Artifact | undefined;
  /** Whether the artifact's last chunk (`lastChunk: true`) has arrived. */
  isComplete(artifactId: string): boolean;
  /** The artifact's text parts joined in order, or `undefined` if none was seen. Constant time. */
  text(artifactId: string): string | undefined;
}

interface Entry {
  fields: ArtifactFields;
  // Grows in place: an appended chunk costs its own size, not the artifact's.
  readonly parts: Part[];
  text: string;
  complete: boolean;
}

/**
 * Creates an {@link ArtifactAssembler}: `append: true` adds a chunk's parts to the artifact with the same
 * `artifactId`; `append` false or absent replaces it; `lastChunk: true` marks it complete. Fields other
 * than `parts` carried by a chunk replace the earlier ones. Each event costs time in proportion to its own
 * size. Artifact ids are unique within a task, so use one assembler per task.
 *
 * @example
 * const assembler = createArtifactAssembler();
 * for await (const event of client.sendStreamingMessage(request)) {
 *   assembler.feed(event);
 *   if ('artifactUpdate' in event) render(assembler.text(event.artifactUpdate.artifact.artifactId));
 * }
 */
export function createArtifactAssembler(): ArtifactAssembler {
  const entries = new Map<string, Entry>();

  function put(artifact: Artifact, append: boolean, complete: boolean): void {
    const { parts, ...fields } = artifact;
    const entry = entries.get(artifact.artifactId);
    if (entry === undefined) {
      entries.set(artifact.artifactId, { fields, parts: [...parts], text: joinText(parts), complete });
      return;
    }
    if (append) {
      entry.fields = { ...entry.fields, ...fields };
      for (const part of parts) entry.parts.push(part);
      entry.text += joinText(parts);
    } else {
      entry.fields = fields;
      entry.parts.length = 0;
      for (const part of parts) entry.parts.push(part);
      entry.text = joinText(parts);
    }
    entry.complete = complete;
  }

  function applyTask(task: Task): void {
    const terminal = isTerminalState(task.status.state);
    for (const artifact of task.artifacts ?? []) put(artifact, false, terminal);
  }

  function snapshot(entry: Entry): Artifact {
    return { ...entry.fields, parts: entry.parts.slice() };
  }

  return {
    feed(event) {
      if ('artifactUpdate' in event) {
        const update = event.artifactUpdate;
        put(update.artifact, update.append === true, update.lastChunk === true);
      } else if ('artifact' in event) {
        put(event.artifact, event.append === true, event.lastChunk === true);
      } else if ('task' in event) {
        applyTask(event.task);
      }
    },
    artifacts: () => Array.from(entries.values(), snapshot),
    get(artifactId) {
      const entry = entries.get(artifactId);
      return entry === undefined ? undefined : snapshot(entry);
    },
    isComplete: (artifactId) => entries.get(artifactId)?.complete === true,
    text: (artifactId) => entries.get(artifactId)?.text,
  };
}
