import { isA2AError, type StreamResponse } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { createEventQueue } from './event-queue.ts';

const working: StreamResponse = {
  statusUpdate: { taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_WORKING' } },
};
const inputRequired: StreamResponse = {
  statusUpdate: { taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_INPUT_REQUIRED' } },
};
const artifact: StreamResponse = {
  artifactUpdate: { taskId: 't', contextId: 'c', artifact: { artifactId: 'a', parts: [{ text: 'x' }] } },
};

async function drain(iterable: AsyncIterable<StreamResponse>): Promise<StreamResponse[]> {
  const events: StreamResponse[] = [];
  for await (const event of iterable) events.push(event);
  return events;
}

describe('event queue', () => {
  it('ends after an interrupted status, releasing its listener, and ignores later events', async () => {
    const queue = createEventQueue();
    let released = 0;
    queue.attach(() => (released += 1));
    queue.event(working);
    queue.event(inputRequired);
    queue.event(artifact);
    expect(released).toBe(1);
    expect(await drain(queue)).toEqual([working, inputRequired]);
  });

  it('delivers events queued while the consumer waits, in order', async () => {
    const queue = createEventQueue();
    const reading = drain(queue);
    queue.event(working);
    await Promise.resolve();
    queue.event(artifact);
    queue.event({ message: { messageId: 'm', role: 'ROLE_AGENT', parts: [{ text: 'bye' }] } });
    expect(await reading).toHaveLength(3);
  });

  it('releases its listener when the consumer breaks out', async () => {
    const queue = createEventQueue();
    let released = 0;
    queue.attach(() => (released += 1));
    queue.event(working);
    queue.event(artifact);
    for await (const _event of queue) break;
    expect(released).toBe(1);
  });

  it('ends with an error, instead of growing, when the consumer falls too far behind', async () => {
    const queue = createEventQueue({ maxQueuedEvents: 3 });
    let released = 0;
    queue.attach(() => (released += 1));
    for (let i = 0; i < 10; i += 1) queue.event(artifact);
    expect(released).toBe(1);
    const seen: StreamResponse[] = [];
    const error = await (async () => {
      for await (const event of queue) seen.push(event);
    })().catch((e: unknown) => e);
    expect(seen).toHaveLength(3);
    expect(isA2AError(error, 'InternalError')).toBe(true);
    expect(String((error as Error).message)).toMatch(/fell more than 3 events behind/);
  });

  it('closes when the signal fires', async () => {
    const controller = new AbortController();
    const queue = createEventQueue({ signal: controller.signal });
    let released = 0;
    queue.attach(() => (released += 1));
    const reading = drain(queue);
    controller.abort();
    expect(await reading).toEqual([]);
    expect(released).toBe(1);
  });

  it('releases at once a listener attached after the stream ended', () => {
    const queue = createEventQueue();
    queue.event(inputRequired);
    let released = 0;
    queue.attach(() => (released += 1));
    expect(released).toBe(1);
  });

  it('rejects first() with the error that came before any event', async () => {
    const queue = createEventQueue();
    queue.error(new Error('nope'));
    await expect(queue.first()).rejects.toThrow('nope');
  });
});
