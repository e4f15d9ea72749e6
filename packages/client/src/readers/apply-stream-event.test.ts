import { type StreamResponse, StreamResponseSchema, type Task, TaskSchema } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { isA2AClientError } from '../errors/client-error.ts';
import { applyStreamEvent } from './apply-stream-event.ts';

const working: Task = {
  id: 't1',
  contextId: 'c1',
  status: { state: 'TASK_STATE_WORKING' },
  artifacts: [{ artifactId: 'other', parts: [{ text: 'untouched' }] }],
};

function artifactUpdate(text: string, flags: { append?: boolean; lastChunk?: boolean } = {}): StreamResponse {
  return StreamResponseSchema.parse({
    artifactUpdate: {
      taskId: 't1',
      contextId: 'c1',
      artifact: { artifactId: 'a1', parts: [{ text }] },
      ...flags,
    },
  });
}

describe('applyStreamEvent', () => {
  it('folds a whole stream into the final task, which parses as a 1.0 Task', () => {
    const events: StreamResponse[] = [
      { task: { id: 't1', contextId: 'c1', status: { state: 'TASK_STATE_SUBMITTED' } } },
      { statusUpdate: { taskId: 't1', contextId: 'c1', status: { state: 'TASK_STATE_WORKING' } } },
      artifactUpdate('Hello, '),
      artifactUpdate('world', { append: true, lastChunk: true }),
      { statusUpdate: { taskId: 't1', contextId: 'c1', status: { state: 'TASK_STATE_COMPLETED' } } },
    ];
    let task: Task | undefined;
    for (const event of events) task = applyStreamEvent(task, event);
    expect(task).toStrictEqual({
      id: 't1',
      contextId: 'c1',
      status: { state: 'TASK_STATE_COMPLETED' },
      artifacts: [{ artifactId: 'a1', parts: [{ text: 'Hello, ' }, { text: 'world' }] }],
    });
    expect(TaskSchema.parse(task)).toStrictEqual(task);
  });

  it('never changes the snapshot it is given, and shares what it does not touch', () => {
    const before = structuredClone(working);
    const after = applyStreamEvent(working, artifactUpdate('new'));
    expect(working).toStrictEqual(before);
    expect(after.artifacts?.[0]).toBe(working.artifacts?.[0]);
    expect(after.artifacts?.[1]).toStrictEqual({ artifactId: 'a1', parts: [{ text: 'new' }] });
  });

  it('replaces an artifact unless the update appends', () => {
    const first = applyStreamEvent(working, artifactUpdate('one'));
    const appended = applyStreamEvent(first, artifactUpdate('two', { append: true }));
    expect(appended.artifacts?.[1]?.parts).toStrictEqual([{ text: 'one' }, { text: 'two' }]);
    const replaced = applyStreamEvent(appended, artifactUpdate('three'));
    expect(replaced.artifacts?.[1]?.parts).toStrictEqual([{ text: 'three' }]);
    expect(replaced.artifacts).toHaveLength(2);
  });

  it('replaces the snapshot with a task event and keeps it for a message event', () => {
    const fresh: Task = { id: 't1', status: { state: 'TASK_STATE_INPUT_REQUIRED' } };
    expect(applyStreamEvent(working, { task: fresh })).toBe(fresh);
    const message: StreamResponse = {
      message: { messageId: 'm', role: 'ROLE_AGENT', parts: [{ text: 'hi' }] },
    };
    expect(applyStreamEvent(working, message)).toBe(working);
    expect(applyStreamEvent(undefined, message)).toBeUndefined();
  });

  it('starts a snapshot from an update when there is none', () => {
    expect(applyStreamEvent(undefined, artifactUpdate('early'))).toStrictEqual({
      id: 't1',
      contextId: 'c1',
      status: { state: 'TASK_STATE_UNSPECIFIED' },
      artifacts: [{ artifactId: 'a1', parts: [{ text: 'early' }] }],
    });
  });

  it('rejects an update about another task with a PROTOCOL error', () => {
    const foreign: StreamResponse = {
      statusUpdate: { taskId: 't2', contextId: 'c1', status: { state: 'TASK_STATE_WORKING' } },
    };
    let caught: unknown;
    try {
      applyStreamEvent(working, foreign);
    } catch (error) {
      caught = error;
    }
    expect(isA2AClientError(caught, 'PROTOCOL')).toBe(true);
    expect((caught as Error).message).toBe('stream event for task t2 applied to a snapshot of task t1');
  });
});
