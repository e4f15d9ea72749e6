import type { Artifact, Part } from '@baton/protocol';

/** Joins the text of the text parts in `parts`, in order, with nothing in between. */
export function joinText(parts: readonly Part[]): string {
  let text = '';
  for (const part of parts) if ('text' in part) text += part.text;
  return text;
}

/**
 * The text of an artifact: its text parts joined in order with nothing in between (streamed chunks are
 * continuations of one another), other parts skipped; `''` when it has none.
 *
 * @example
 * artifactText(task.artifacts?.[0] ?? { artifactId: 'none', parts: [] }); // 'Day 1: Alfama…'
 */
export function artifactText(artifact: Artifact): string {
  return joinText(artifact.parts);
}
