import { isA2AError, type Task, type TaskState } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { describeTaskStoreContract } from '../testing/task-store-contract.ts';
import { createInMemoryTaskStore } from './in-memory-task-store.ts';

function task(id: string, state: TaskState, timestamp = '2026-01-01T00:00:00.000Z', contextId = 'c1'): Task {
  return { id, contextId, status: { state, timestamp } };
}

function clock(start = 0) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('in-memory task store eviction', () => {
  it('evicts the least recently used finished tasks beyond the bound', async () => {
    const store = createInMemoryTaskStore({ maxFinishedTasks: 2 });
    await store.create(task('a', 'TASK_STATE_COMPLETED'), {});
    await store.create(task('b', 'TASK_STATE_FAILED'), {});
    await store.get('a'); // a is now more recently used than b
    await store.create(task('c', 'TASK_STATE_CANCELED'), {});
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toBeDefined();
    expect(await store.get('c')).toBeDefined();
    expect(store.size).toBe(2);
  });

  it('tells onEvict which tasks it evicted, so their push configs can go too', async () => {
    const evicted: string[] = [];
    const store = createInMemoryTaskStore({ maxFinishedTasks: 1, onEvict: (id) => evicted.push(id) });
    await store.create(task('a', 'TASK_STATE_COMPLETED'), {});
    await store.create(task('b', 'TASK_STATE_WORKING'), {});
    await store.create(task('c', 'TASK_STATE_COMPLETED'), {});
    expect(evicted).toEqual(['a']);
  });

  it('never evicts running or interrupted tasks, however many there are', async () => {
    const store = createInMemoryTaskStore({ maxFinishedTasks: 1 });
    for (let i = 0; i < 5; i += 1) await store.create(task(`w${i}`, 'TASK_STATE_WORKING'), {});
    await store.create(task('input', 'TASK_STATE_INPUT_REQUIRED'), {});
    await store.create(task('done1', 'TASK_STATE_COMPLETED'), {});
    await store.create(task('done2', 'TASK_STATE_COMPLETED'), {});
    expect(store.size).toBe(7);
    expect(await store.get('done1')).toBeUndefined();
    for (let i = 0; i < 5; i += 1) expect(await store.get(`w${i}`)).toBeDefined();
    expect(await store.get('input')).toBeDefined();
  });

  it('counts a task as finished from the status update that ends it', async () => {
    const store = createInMemoryTaskStore({ maxFinishedTasks: 1 });
    await store.create(task('a', 'TASK_STATE_WORKING'), {});
    await store.create(task('b', 'TASK_STATE_WORKING'), {});
    await store.setStatus('a', { state: 'TASK_STATE_COMPLETED' });
    expect(store.size).toBe(2);
    await store.setStatus('b', { state: 'TASK_STATE_COMPLETED' });
    expect(await store.get('a')).toBeUndefined();
    expect(await store.get('b')).toBeDefined();
  });

  it('evicts finished tasks unused for longer than the TTL, and keeps running ones', async () => {
    const time = clock();
    const store = createInMemoryTaskStore({ finishedTaskTtlMs: 1000, now: time.now });
    await store.create(task('old', 'TASK_STATE_COMPLETED'), {});
    await store.create(task('running', 'TASK_STATE_WORKING'), {});
    time.advance(600);
    await store.create(task('young', 'TASK_STATE_COMPLETED'), {});
    time.advance(600);
    expect(await store.get('old')).toBeUndefined();
    expect(await store.get('young')).toBeDefined();
    time.advance(5000);
    expect(await store.get('young')).toBeUndefined();
    expect(await store.get('running')).toBeDefined();
  });

  it('rejects writes to a task it does not have with TaskNotFound', async () => {
    const store = createInMemoryTaskStore();
    const error = await store.setStatus('nope', { state: 'TASK_STATE_WORKING' }).catch((e: unknown) => e);
    expect(isA2AError(error, 'TaskNotFoundError')).toBe(true);
  });
});

describe('in-memory store: events kept for resumes', () => {
  it('keeps the events of the most recently finished tasks only, and of every task still going', async () => {
    const store = createInMemoryTaskStore({ replayFinishedTasks: 1 });
    for (const id of ['done-1', 'done-2', 'going']) {
      await store.create({ id, contextId: 'c', status: { state: 'TASK_STATE_SUBMITTED' } }, {});
      await store.setStatus(id, { state: 'TASK_STATE_WORKING' });
    }
    await store.setStatus('done-1', { state: 'TASK_STATE_COMPLETED' });
    expect(store.sync.eventsAfter('done-1', 1)?.complete).toBe(true);
    await store.setStatus('done-2', { state: 'TASK_STATE_COMPLETED' });
    // done-1 is no longer among the last finished: a resume gets its final Task instead.
    expect(store.sync.eventsAfter('done-1', 1)).toEqual({ complete: false, events: [], generation: 3 });
    expect(store.sync.eventsAfter('done-2', 1)?.events.map((entry) => entry.generation)).toEqual([2, 3]);
    expect(store.sync.eventsAfter('going', 1)?.complete).toBe(true);
    // A write after the log was forgotten does not pretend to a replay from before it.
    expect(store.sync.eventsAfter('done-1', 3)?.complete).toBe(true);
  });
});

describeTaskStoreContract('in-memory', {
  createStore: async () => createInMemoryTaskStore(),
  createStoreWithReplayWindow: async (replayWindow) => createInMemoryTaskStore({ replayWindow }),
});

// The synchronous face the runtime uses must be the same store: every write through it is read back by the async
// face (the contract's reads and listings), so both faces pass one suite.
describeTaskStoreContract('in-memory, written through its synchronous face', {
  createStore: async () => {
    const store = createInMemoryTaskStore();
    const { sync } = store;
    return {
      create: async (task, scope) => sync.create(task, scope),
      get: async (taskId, options) => sync.get(taskId, options),
      setStatus: async (taskId, status) => sync.setStatus(taskId, status),
      addMessage: async (taskId, message) => sync.addMessage(taskId, message),
      appendArtifact: async (taskId, artifact, chunk) => sync.appendArtifact(taskId, artifact, chunk),
      eventsAfter: async (taskId, generation) => sync.eventsAfter(taskId, generation),
      list: (query) => store.list(query),
    };
  },
});
