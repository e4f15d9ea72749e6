import { isA2AError, type StreamResponse } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { createInMemoryTaskStore } from '../store/in-memory-task-store.ts';
import type { TaskStore } from '../store/task-store.ts';
import type { TaskEventListener } from '../vocabulary/event-hub.ts';
import { followRemoteTask } from './follow-remote-task.ts';

const chunk = (text: string): StreamResponse => ({
  artifactUpdate: {
    taskId: 't1',
    contextId: 'c1',
    artifact: { artifactId: 'a', parts: [{ text }] },
    append: true,
  },
});

/** A store holding task t1 at version 3, and a bus listener the test drives by hand. */
async function setUp(state: 'TASK_STATE_WORKING' | 'TASK_STATE_COMPLETED' = 'TASK_STATE_WORKING') {
  const store = createInMemoryTaskStore();
  await store.create(
    { id: 't1', contextId: 'c1', status: { state: 'TASK_STATE_SUBMITTED' } },
    { ownerId: 'me' },
  );
  await store.setStatus('t1', { state: 'TASK_STATE_WORKING' });
  await store.setStatus('t1', { state });
  let listener: TaskEventListener = () => undefined;
  let stopped = 0;
  const listen = async (_taskId: string, registered: TaskEventListener) => {
    listener = registered;
    return () => {
      stopped += 1;
    };
  };
  return {
    store,
    listen,
    emit: (event: StreamResponse, version: number) => listener(event, version),
    stopped: () => stopped,
  };
}

describe('following a task that runs on another instance', () => {
  it('sends the snapshot, then only events newer than it, each once, in order', async () => {
    const { store, listen, emit } = await setUp();
    // Events that arrive while the snapshot is being read: two it already holds, one it does not.
    const reading: TaskStore = {
      ...store,
      async get(taskId, options) {
        emit(chunk('v2'), 2);
        emit(chunk('v3'), 3);
        const stored = await store.get(taskId, options);
        emit(chunk('v4'), 4);
        return stored;
      },
    };
    const received: StreamResponse[] = [];
    await followRemoteTask({
      taskId: 't1',
      scope: { ownerId: 'me' },
      store: reading,
      observer: { event: (event) => received.push(event), error: () => undefined },
      listen,
      refuseFinished: true,
    });
    emit(chunk('v4'), 4);
    emit(chunk('v5'), 5);
    expect(received[0]).toMatchObject({ task: { id: 't1', status: { state: 'TASK_STATE_WORKING' } } });
    expect(received.slice(1)).toEqual([chunk('v4'), chunk('v5')]);
  });

  it('refuses a task of another caller, or one that ended, and stops listening', async () => {
    const stranger = await setUp();
    const observer = { event: () => undefined, error: () => undefined };
    const notFound = await followRemoteTask({
      ...stranger,
      taskId: 't1',
      scope: { ownerId: 'other' },
      observer,
      refuseFinished: true,
    }).catch((error: unknown) => error);
    expect(isA2AError(notFound, 'TaskNotFoundError')).toBe(true);
    expect(stranger.stopped()).toBe(1);
    const finished = await setUp('TASK_STATE_COMPLETED');
    const ended = await followRemoteTask({
      ...finished,
      taskId: 't1',
      scope: { ownerId: 'me' },
      observer,
      refuseFinished: true,
    }).catch((error: unknown) => error);
    expect(isA2AError(ended, 'UnsupportedOperationError')).toBe(true);
    expect(finished.stopped()).toBe(1);
  });
});
