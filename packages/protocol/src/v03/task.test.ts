import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { TaskSchema, TaskStatusSchema } from './task.ts';
import { TASK_STATES, TaskStateSchema } from './task-state.ts';

function issues(schema: z.ZodMiniType, input: unknown) {
  return schema.safeParse(input).error?.issues.map(({ path, message }) => ({ path, message }));
}

const task = { id: 't1', contextId: 'c1', status: { state: 'working' } };

describe('TaskStateSchema', () => {
  it.each(TASK_STATES)('accepts %s', (state) => {
    expect(TaskStateSchema.parse(state)).toBe(state);
  });

  it.each(['cancelled', 'TASK_STATE_COMPLETED', 'Completed', 'input_required'])('rejects %s', (state) => {
    expect(TaskStateSchema.safeParse(state).success).toBe(false);
  });
});

describe('TaskStatusSchema', () => {
  it.each([
    '2023-10-27T10:00:00Z',
    '2025-04-02T16:59:25.331844',
    '2024-03-15T10:10:00.123+02:00',
    '2024-03-15T10:10:00.123456789Z',
  ])('keeps the timestamp %s exactly as sent', (timestamp) => {
    expect(TaskStatusSchema.parse({ state: 'completed', timestamp })).toEqual({
      state: 'completed',
      timestamp,
    });
  });

  it.each(['yesterday', '2024-03-15', '2024-13-01T00:00:00Z', '1710497400'])(
    'rejects the timestamp %s',
    (timestamp) => {
      expect(issues(TaskStatusSchema, { state: 'completed', timestamp })).toEqual([
        { path: ['timestamp'], message: 'must be an ISO-8601 date-time such as 2025-04-02T16:59:25Z' },
      ]);
    },
  );

  it('fills in kind on the status message', () => {
    expect(
      TaskStatusSchema.parse({
        state: 'input-required',
        message: { messageId: 'm', role: 'agent', parts: [] },
      }),
    ).toEqual({
      state: 'input-required',
      message: { kind: 'message', messageId: 'm', role: 'agent', parts: [] },
    });
  });
});

describe('TaskSchema', () => {
  it('fills in kind on a task sent without one', () => {
    expect(TaskSchema.parse(task)).toEqual({
      kind: 'task',
      id: 't1',
      contextId: 'c1',
      status: { state: 'working' },
    });
  });

  it('treats null history, artifacts and metadata as absent', () => {
    expect(TaskSchema.parse({ ...task, history: null, artifacts: null, metadata: null, kind: null })).toEqual(
      {
        kind: 'task',
        id: 't1',
        contextId: 'c1',
        status: { state: 'working' },
      },
    );
  });

  it('rejects an unknown state at status.state', () => {
    expect(issues(TaskSchema, { ...task, status: { state: 'paused' } })?.map((issue) => issue.path)).toEqual([
      ['status', 'state'],
    ]);
  });

  it('names each missing required field', () => {
    expect(issues(TaskSchema, { kind: 'task' })?.map((issue) => issue.path)).toEqual([
      ['id'],
      ['contextId'],
      ['status'],
    ]);
  });

  it('names the bad part of an artifact', () => {
    const bad = { ...task, artifacts: [{ artifactId: 'a1', parts: [{ kind: 'data', data: 3 }] }] };
    expect(issues(TaskSchema, bad)?.map((issue) => issue.path)).toEqual([
      ['artifacts', 0, 'parts', 0, 'data'],
    ]);
  });

  it('rejects a status-update where a task is expected', () => {
    expect(issues(TaskSchema, { ...task, kind: 'status-update' })?.map((issue) => issue.path)).toEqual([
      ['kind'],
    ]);
  });
});
