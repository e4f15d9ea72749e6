import { TASK_GENERATION_EXTENSION } from '@baton/protocol';
import type { CallContext } from '../vocabulary/call-context.ts';
import type { EventStream } from './request-handler.ts';

/** How long a GetTask with `currentGeneration` waits for the task to change, by default. */
export const DEFAULT_LONG_POLL_TIMEOUT_MS = 30_000;

/**
 * Whether the caller gets the A2A 1.1 draft's `generation` fields: a 1.0 caller that activated the task-generation
 * extension (every Baton card declares it). The request fields (`ifGenerationMatch`, `currentGeneration`) are
 * honoured from anyone who sends them.
 */
export function showsGenerations(call: CallContext): boolean {
  return call.version === '1.0' && call.requestedExtensions.includes(TASK_GENERATION_EXTENSION);
}

/** `stream` with `map` applied to each event; returning it stops the source. */
export function mapStream<T>(stream: AsyncIterable<T>, map: (event: T) => T): EventStream & AsyncIterable<T> {
  return {
    [Symbol.asyncIterator]() {
      const source = stream[Symbol.asyncIterator]();
      return {
        async next() {
          const result = await source.next();
          return result.done ? result : { done: false, value: map(result.value) };
        },
        async return(value?: unknown) {
          await source.return?.(value);
          return { done: true, value: undefined };
        },
      };
    },
  } as EventStream & AsyncIterable<T>;
}
