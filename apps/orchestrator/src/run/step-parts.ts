import { contractPart, type OutlineOptions } from '@baton/chain';
import { dataPart, textPart } from '@baton/client';
import type { JsonValue, Part } from '@baton/protocol';
import type { StepInput } from '../chains/chain-nodes.ts';
import type { NodeValue } from '../nodes/node-kind.ts';

/** What a task's inputs are read from: the run's topic and options, the artifacts it sees, and its item. */
export interface StepSources {
  readonly topic: string;
  readonly options: OutlineOptions | undefined;
  /** The artifact of a step it sees, with the tasks that made it. */
  readonly read: (step: string) => NodeValue | undefined;
  /** In a map's body: the item. */
  readonly item?: unknown;
}

/** Most tasks one message names in `referenceTaskIds` (a map's artifact is made by one task per item). */
const MAX_REFERENCES = 32;

/** A value as a part: text as text, anything else as a JSON DataPart. */
const partOf = (value: unknown): Part =>
  typeof value === 'string' ? textPart(value) : contractPart((value ?? null) as JsonValue);

/**
 * The message parts a step sends, in the order its definition lists them (the topic and fixed text as text,
 * options, artifacts and items as DataParts; an artifact that is plain text as text), and the tasks of the
 * artifacts it reads, for `referenceTaskIds`.
 */
export function stepParts(
  send: readonly StepInput[],
  sources: StepSources,
): { parts: Part[]; references: string[] } {
  const parts: Part[] = [];
  const references: string[] = [];
  for (const input of send) {
    if ('topic' in input) parts.push(textPart(sources.topic));
    else if ('text' in input) parts.push(textPart(input.text));
    else if ('data' in input) parts.push(dataPart(input.data as JsonValue));
    else if ('item' in input) parts.push(partOf(sources.item));
    else if ('options' in input) {
      if (sources.options !== undefined) parts.push(contractPart(sources.options as JsonValue));
    } else {
      const read = sources.read(input.artifact);
      parts.push(partOf(read?.value));
      for (const taskId of read?.taskIds ?? []) {
        if (references.length < MAX_REFERENCES && !references.includes(taskId)) references.push(taskId);
      }
    }
  }
  return { parts, references };
}
