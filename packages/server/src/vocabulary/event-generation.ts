import type { StreamResponse } from '@baton/protocol';

// A symbol key: JSON.stringify skips it, so an event serializes as before. `Symbol.for`, so copies of the package
// loaded side by side agree on it.
const GENERATION = Symbol.for('baton.generation');

type Stamped = StreamResponse & { [GENERATION]?: number };

/**
 * Records on an event the task generation its write made (see `StoredTask.version`), where the event enters
 * delivery: the event hub, the bus, a snapshot. Streams read it back for the SSE `id:` and for resuming.
 */
export function stampGeneration<Event extends StreamResponse>(event: Event, generation: number): Event {
  (event as Stamped)[GENERATION] = generation;
  return event;
}

/** The generation {@link stampGeneration} recorded on `event`; `undefined` for a direct Message or an unstamped event. */
export function generationOf(event: StreamResponse): number | undefined {
  return (event as Stamped)[GENERATION];
}

/** The SSE `id:` of an event: its generation, or `undefined` (no id line) for a direct Message. */
export function sseIdOf(event: StreamResponse): string | undefined {
  const generation = generationOf(event);
  return generation === undefined ? undefined : String(generation);
}

/**
 * The event with the A2A 1.1 draft's `generation` field inside it (a copy; the event is shared), for a caller that
 * activated the task-generation extension. A direct Message has none.
 */
export function withGenerationField(event: StreamResponse): StreamResponse {
  const generation = generationOf(event);
  if (generation === undefined) return event;
  let copy: StreamResponse;
  if ('task' in event) copy = { task: { ...event.task, generation } };
  else if ('statusUpdate' in event) copy = { statusUpdate: { ...event.statusUpdate, generation } };
  else if ('artifactUpdate' in event) copy = { artifactUpdate: { ...event.artifactUpdate, generation } };
  else return event;
  return stampGeneration(copy, generation);
}
