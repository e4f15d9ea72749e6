import type { Artifact, Part, StreamResponse } from '@baton/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRequestHandler } from '../handler/create-request-handler.ts';
import { collect, testCall, userMessage } from '../handler/test-support/test-kit.ts';
import { createInMemoryTaskStore } from '../store/in-memory-task-store.ts';
import type { TaskStore } from '../store/task-store.ts';

type Counts = Record<
  Exclude<keyof TaskStore, 'sync' | 'findUserMessage' | 'pruneFinished' | 'eventsAfter' | 'createWith'>,
  number
>;

// Counts every store call, passing each through untouched.
function counted(store: TaskStore): { store: TaskStore; counts: Counts } {
  const counts: Counts = { create: 0, get: 0, setStatus: 0, addMessage: 0, appendArtifact: 0, list: 0 };
  const wrapped = Object.fromEntries(
    (Object.keys(counts) as (keyof Counts)[]).map((name) => [
      name,
      (...args: unknown[]) => {
        counts[name] += 1;
        return (store[name] as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as unknown as TaskStore;
  return { store: wrapped, counts };
}

async function streamChunks(chunks: number) {
  const memory = createInMemoryTaskStore();
  const { store, counts } = counted(memory);
  const liveArtifacts: (Readonly<Artifact> | undefined)[] = [];
  const sentParts: Part[] = [];
  let taskId = '';
  const handler = createRequestHandler({
    store,
    executor: async (ctx) => {
      taskId = ctx.taskId;
      const stream = ctx.streamArtifact({ artifactId: 'big' });
      for (let i = 0; i < chunks; i += 1) {
        const part: Part = { text: `chunk ${i}\n` };
        sentParts.push(part);
        await stream.write([part]);
        liveArtifacts.push(memory.inspect(taskId)?.artifact('big'));
      }
      await stream.end([{ text: 'end' }]);
    },
  });
  const events: StreamResponse[] = await collect(
    await handler.sendStreamingMessage({ message: userMessage('go') }, testCall()),
  );
  return { memory, counts, liveArtifacts, sentParts, events, taskId, handler };
}

describe('per-event cost', () => {
  afterEach(() => vi.restoreAllMocks());

  it('streams 2,000 chunks into one artifact by appending in place, never re-reading, cloning or rewriting the task', async () => {
    const clone = vi.spyOn(globalThis, 'structuredClone');
    const run = await streamChunks(2000);

    // One store write per chunk, and no read of the task while the events flow.
    expect(run.counts.appendArtifact).toBe(2001);
    expect(run.counts.create).toBe(1);
    expect(run.counts.get).toBe(0);
    expect(clone).not.toHaveBeenCalled();

    // The store's artifact is one object whose parts array grows: never replaced, never copied.
    const first = run.liveArtifacts[0];
    expect(run.liveArtifacts.every((artifact) => artifact === first)).toBe(true);
    expect(first?.parts).toHaveLength(2001);
    expect(first?.parts[1999]).toBe(run.sentParts[1999]);

    // Each event carries only its own chunk.
    const updates = run.events.flatMap((e) =>
      'artifactUpdate' in e ? [e.artifactUpdate.artifact.parts.length] : [],
    );
    expect(updates).toHaveLength(2001);
    expect(Math.max(...updates)).toBe(1);
  });
});
