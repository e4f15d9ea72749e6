import { contractPart, type OutlineOptions } from '@baton/chain';
import { dataPart, textPart } from '@baton/client';
import type { JsonValue, Part } from '@baton/protocol';
import type { StepInput } from '../chains/chain-definition.ts';

/** What a step's inputs are read from: the run's topic and options, and the finished steps' artifacts and tasks. */
export interface StepSources {
  readonly topic: string;
  readonly options: OutlineOptions | undefined;
  readonly artifacts: Readonly<Record<string, unknown>>;
  readonly taskIds: ReadonlyMap<string, string>;
}

/**
 * The message parts a step sends, in the order its definition lists them (the topic and fixed text as text,
 * options and artifacts as DataParts; an artifact that is plain text as text), and the tasks of the artifacts it
 * reads, for `referenceTaskIds`.
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
    else if ('options' in input) {
      if (sources.options !== undefined) parts.push(contractPart(sources.options as JsonValue));
    } else {
      const value = sources.artifacts[input.artifact];
      parts.push(typeof value === 'string' ? textPart(value) : contractPart(value as JsonValue));
      const taskId = sources.taskIds.get(input.artifact);
      if (taskId !== undefined && !references.includes(taskId)) references.push(taskId);
    }
  }
  return { parts, references };
}
