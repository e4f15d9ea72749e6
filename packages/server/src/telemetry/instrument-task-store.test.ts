import { describe, expect, it } from 'vitest';
import { createInMemoryTaskStore } from '../store/in-memory-task-store.ts';
import type { TaskStore } from '../store/task-store.ts';
import { instrumentTaskStore } from './instrument-task-store.ts';
import type { OpenTelemetryInstruments } from './open-telemetry-instruments.ts';

const recorded: number[] = [];
const telemetry = {
  storeDuration: { record: (seconds: number) => void recorded.push(seconds) },
} as unknown as OpenTelemetryInstruments;

describe('instrumentTaskStore', () => {
  it('keeps the optional methods a store has (a repeated message is still found, retention still prunes)', async () => {
    const inner = createInMemoryTaskStore();
    const lookups: string[] = [];
    const store: TaskStore = {
      ...inner,
      findUserMessage: async (_scope, messageId) => {
        lookups.push(messageId);
        return 'task-1';
      },
    };
    const timed = instrumentTaskStore(store, telemetry);
    expect(await timed.findUserMessage?.({}, 'm1', 0)).toBe('task-1');
    expect(lookups).toEqual(['m1']);
    expect(await timed.pruneFinished?.(Date.now(), 10)).toBe(0);
    expect(recorded.length).toBeGreaterThanOrEqual(2);
  });

  it('adds none the store does not have', () => {
    const { findUserMessage: _, pruneFinished: __, ...bare } = createInMemoryTaskStore();
    const timed = instrumentTaskStore(bare as TaskStore, telemetry);
    expect(timed.findUserMessage).toBeUndefined();
    expect(timed.pruneFinished).toBeUndefined();
  });
});
