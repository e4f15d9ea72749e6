import { TELEMETRY_ATTRIBUTES as ATTR } from '@baton/protocol';
import type { TaskStore } from '../store/task-store.ts';
import type { OpenTelemetryInstruments } from './open-telemetry-instruments.ts';

const OPERATIONS = [
  'create',
  'get',
  'setStatus',
  'addMessage',
  'appendArtifact',
  'list',
  // Optional: timed when the store has them (dropping them would turn off what they do).
  'findUserMessage',
  'pruneFinished',
] as const;

/**
 * Times every operation of a task store into the store-latency histogram, by operation. Used for the stores a
 * deployment passes in (the durable ones); the built-in in-memory store is left as it is.
 */
export function instrumentTaskStore(store: TaskStore, telemetry: OpenTelemetryInstruments): TaskStore {
  const timed: Record<string, unknown> = {};
  for (const operation of OPERATIONS) {
    if (store[operation] === undefined) continue;
    const original = (store[operation] as (...args: unknown[]) => Promise<unknown>).bind(store);
    const attributes = { [ATTR.storeOperation]: operation };
    timed[operation] = async (...args: unknown[]) => {
      const started = performance.now();
      try {
        return await original(...args);
      } finally {
        telemetry.storeDuration.record((performance.now() - started) / 1000, attributes);
      }
    };
  }
  return timed as unknown as TaskStore;
}
