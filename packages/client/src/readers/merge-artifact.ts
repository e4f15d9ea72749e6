import type { Artifact, TaskArtifactUpdateEvent } from '@baton/protocol';

/** An artifact without its parts: what an update replaces even when it appends. */
export type ArtifactFields = Omit<Artifact, 'parts'>;

/**
 * The artifact after `update`, without touching `previous`. With `append: true` the update's parts follow
 * the earlier ones (the part objects are shared, only the list is new); otherwise, or when there is no
 * earlier artifact, the update's artifact replaces it. Either way the other fields the update carries
 * (`name`, `description`, `metadata`, `extensions`) replace the earlier ones.
 */
export function mergeArtifact(previous: Artifact | undefined, update: TaskArtifactUpdateEvent): Artifact {
  if (previous === undefined || update.append !== true) return update.artifact;
  const { parts, ...fields } = update.artifact;
  return { ...previous, ...fields, parts: previous.parts.concat(parts) };
}
