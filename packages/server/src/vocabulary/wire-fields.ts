import type { Artifact, Message } from '@baton/protocol';

/**
 * The optional fields of an artifact or a message, copied onto an object built with its required fields first.
 * Objects the task keeps are built this way, field by field in one order, never spread and then extended: a
 * spread followed by new fields gives V8 a new, slower object shape per source shape, which every later read and
 * `JSON.stringify` of the task pays for (see docs/benchmarks.md, "What a task costs").
 */
export function copyArtifactFields(
  source: Omit<Partial<Artifact>, 'artifactId' | 'parts'>,
  target: Artifact,
): void {
  if (source.name !== undefined) target.name = source.name;
  if (source.description !== undefined) target.description = source.description;
  if (source.metadata !== undefined) target.metadata = source.metadata;
  if (source.extensions !== undefined) target.extensions = source.extensions;
}

/** The optional fields of a message but its ids (see {@link copyArtifactFields}). */
export function copyMessageFields(source: Partial<Message>, target: Message): void {
  if (source.metadata !== undefined) target.metadata = source.metadata;
  if (source.extensions !== undefined) target.extensions = source.extensions;
  if (source.referenceTaskIds !== undefined) target.referenceTaskIds = source.referenceTaskIds;
}
