/**
 * A stream that dropped resumes with SubscribeToTask and `Last-Event-ID` (the SSE id, the task's generation, of the
 * last event it got): the events after it, exactly, then live ones; beyond the store's window, the snapshot.
 */
import { isA2AError, type StreamResponse } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { createInMemoryTaskStore } from '../store/in-memory-task-store.ts';
import { generationOf } from '../vocabulary/event-generation.ts';
import { createRequestHandler } from './create-request-handler.ts';
import { collect, deferred, describeEvents, testCall, userMessage } from './test-support/test-kit.ts';

/** A call that resumes after `generation`. */
const resumingAfter = (generation: number | string) =>
  testCall({ headers: new Headers({ 'Last-Event-ID': String(generation) }) });

/** An agent that streams a, b, c, waits for the gate, then streams d, e and completes. */
function gatedAgent(replayWindow?: number) {
  const gate = deferred();
  const store = createInMemoryTaskStore(replayWindow === undefined ? {} : { replayWindow });
  const handler = createRequestHandler({
    store,
    executor: async (ctx) => {
      await ctx.working();
      const stream = ctx.streamArtifact({ artifactId: 'story' });
      await stream.write('a');
      await stream.write('b');
      await stream.write('c');
      await gate.promise;
      await stream.write('d');
      await stream.end('e');
    },
  });
  return { handler, gate, store };
}

/** Reads a stream until `count` events came, then drops it (as a cut connection would). */
async function readThenDrop(stream: AsyncIterable<StreamResponse>, count: number): Promise<StreamResponse[]> {
  const events: StreamResponse[] = [];
  for await (const event of stream) {
    events.push(event);
    if (events.length === count) break;
  }
  return events;
}

const taskIdOf = (events: readonly StreamResponse[]) => {
  const first = events[0];
  if (!first || !('task' in first)) throw new Error('expected the Task first');
  return first.task.id;
};

describe('SubscribeToTask with Last-Event-ID', () => {
  it('stamps every task event with its generation, 1 for the Task, one more per event', async () => {
    const { handler, gate } = gatedAgent();
    gate.resolve();
    const events = await collect(
      await handler.sendStreamingMessage({ message: userMessage('go') }, testCall()),
    );
    expect(events.map(generationOf)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('replays exactly the events after the last one seen, then goes on live to the end', async () => {
    const { handler, gate } = gatedAgent();
    const first = await readThenDrop(
      await handler.sendStreamingMessage({ message: userMessage('go') }, testCall()),
      4,
    );
    expect(describeEvents(first)).toEqual([
      'task:TASK_STATE_SUBMITTED',
      'status:TASK_STATE_WORKING',
      'artifact:a',
      'artifact:+b',
    ]);
    const last = generationOf(first[2] as StreamResponse) as number; // as if 'b' was lost with the connection
    const resumed = await handler.subscribeToTask({ id: taskIdOf(first) }, resumingAfter(last));
    gate.resolve();
    const rest = await collect(resumed);
    expect(describeEvents(rest)).toEqual([
      'artifact:+b',
      'artifact:+c',
      'artifact:+d',
      'artifact:+e!',
      'status:TASK_STATE_COMPLETED',
    ]);
    expect(rest.map(generationOf)).toEqual([last + 1, last + 2, last + 3, last + 4, last + 5]);
  });

  it('replays what is left of a task that ended meanwhile, its final status last', async () => {
    const { handler, gate } = gatedAgent();
    const first = await readThenDrop(
      await handler.sendStreamingMessage({ message: userMessage('go') }, testCall()),
      3,
    );
    gate.resolve();
    const taskId = taskIdOf(first);
    await expect
      .poll(async () => (await handler.getTask({ id: taskId }, testCall())).status.state)
      .toBe('TASK_STATE_COMPLETED');
    const rest = await collect(await handler.subscribeToTask({ id: taskId }, resumingAfter(3)));
    expect(describeEvents(rest)).toEqual([
      'artifact:+b',
      'artifact:+c',
      'artifact:+d',
      'artifact:+e!',
      'status:TASK_STATE_COMPLETED',
    ]);
  });

  it('opens a stream with nothing to replay, and delivers the next events when they come', async () => {
    const { handler, gate } = gatedAgent();
    const first = await readThenDrop(
      await handler.sendStreamingMessage({ message: userMessage('go') }, testCall()),
      5,
    );
    expect(describeEvents(first).at(-1)).toBe('artifact:+c');
    const resumed = await handler.subscribeToTask({ id: taskIdOf(first) }, resumingAfter(5));
    gate.resolve();
    expect(describeEvents(await collect(resumed))).toEqual([
      'artifact:+d',
      'artifact:+e!',
      'status:TASK_STATE_COMPLETED',
    ]);
  });

  it('answers a resume of an ended task with nothing left with its final Task', async () => {
    const { handler, gate } = gatedAgent();
    gate.resolve();
    const all = await collect(await handler.sendStreamingMessage({ message: userMessage('go') }, testCall()));
    const rest = await collect(await handler.subscribeToTask({ id: taskIdOf(all) }, resumingAfter(8)));
    expect(describeEvents(rest)).toEqual(['task:TASK_STATE_COMPLETED']);
    expect(generationOf(rest[0] as StreamResponse)).toBe(8);
  });

  it('sends the snapshot when the store no longer holds every event after the last one seen', async () => {
    const { handler, gate, store } = gatedAgent(2);
    const first = await readThenDrop(
      await handler.sendStreamingMessage({ message: userMessage('go') }, testCall()),
      3,
    );
    const taskId = taskIdOf(first);
    // The agent has written a, b and c (generation 5) and waits at its gate.
    await expect.poll(async () => (await store.get(taskId))?.version).toBe(5);
    const resumed = await handler.subscribeToTask({ id: taskId }, resumingAfter(2));
    gate.resolve();
    const rest = await collect(resumed);
    // The window holds generations 4 and 5 only, not 3: the Task (a, b and c folded in) comes first, then live events.
    expect(describeEvents(rest)).toEqual([
      'task:TASK_STATE_WORKING',
      'artifact:+d',
      'artifact:+e!',
      'status:TASK_STATE_COMPLETED',
    ]);
    const snapshot = rest[0];
    expect(snapshot && 'task' in snapshot ? snapshot.task.artifacts?.[0]?.parts : []).toEqual([
      { text: 'a' },
      { text: 'b' },
      { text: 'c' },
    ]);
    expect(generationOf(snapshot as StreamResponse)).toBe(5);
  });

  it('treats a Last-Event-ID that is no generation as absent, and still refuses an ended task without one', async () => {
    const { handler, gate } = gatedAgent();
    const first = await readThenDrop(
      await handler.sendStreamingMessage({ message: userMessage('go') }, testCall()),
      2,
    );
    const plain = await readThenDrop(
      await handler.subscribeToTask({ id: taskIdOf(first) }, resumingAfter('x-7')),
      1,
    );
    expect(describeEvents(plain)).toEqual(['task:TASK_STATE_WORKING']);
    gate.resolve();
    await expect
      .poll(async () => (await handler.getTask({ id: taskIdOf(first) }, testCall())).status.state)
      .toBe('TASK_STATE_COMPLETED');
    const refused = await handler
      .subscribeToTask({ id: taskIdOf(first) }, testCall())
      .catch((error: unknown) => error);
    expect(isA2AError(refused, 'UnsupportedOperationError')).toBe(true);
  });

  it("does not replay another caller's task", async () => {
    const { handler, gate } = gatedAgent();
    gate.resolve();
    const all = await collect(
      await handler.sendStreamingMessage({ message: userMessage('go') }, testCall({ user: { id: 'alice' } })),
    );
    const refused = await handler
      .subscribeToTask(
        { id: taskIdOf(all) },
        testCall({ user: { id: 'mallory' }, headers: new Headers({ 'Last-Event-ID': '2' }) }),
      )
      .catch((error: unknown) => error);
    expect(isA2AError(refused, 'TaskNotFoundError')).toBe(true);
  });
});
