import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { TASK_STATES, TaskStateSchema } from './enums.ts';
import { TaskSchema, TaskStatusSchema } from './task.ts';

function issues(schema: z.ZodMiniType, input: unknown) {
  return schema.safeParse(input).error?.issues.map(({ path, message }) => ({ path, message }));
}

describe('0.3 REST TaskStateSchema', () => {
  it.each(TASK_STATES.map((name, number) => [number, name] as const))(
    'reads proto number %i as %s',
    (number, name) => {
      expect(TaskStateSchema.parse(number)).toBe(name);
      expect(TaskStateSchema.parse(name)).toBe(name);
    },
  );

  it('reads the 1.0 spelling TASK_STATE_CANCELED as the 0.3 TASK_STATE_CANCELLED', () => {
    expect(TaskStateSchema.parse('TASK_STATE_CANCELED')).toBe('TASK_STATE_CANCELLED');
  });

  it.each(['completed', 'canceled', 9, 'TASK_STATE_PAUSED'])('rejects %s', (state) => {
    expect(TaskStateSchema.safeParse(state).success).toBe(false);
  });
});

describe('0.3 REST TaskStatusSchema', () => {
  it('reads an omitted state as TASK_STATE_UNSPECIFIED', () => {
    expect(TaskStatusSchema.parse({})).toEqual({ state: 'TASK_STATE_UNSPECIFIED' });
  });

  it('reads the status message under its json_name and its proto name update', () => {
    const message = { messageId: 'm1', role: 'ROLE_AGENT', content: [{ text: 'need input' }] };
    const expected = { state: 'TASK_STATE_INPUT_REQUIRED', message };
    expect(TaskStatusSchema.parse({ state: 6, message })).toEqual(expected);
    expect(TaskStatusSchema.parse({ state: 6, update: message })).toEqual(expected);
  });

  it('names a bad timestamp', () => {
    expect(issues(TaskStatusSchema, { timestamp: 'now' })?.map((issue) => issue.path)).toEqual([
      ['timestamp'],
    ]);
  });
});

describe('0.3 REST TaskSchema', () => {
  it('parses a task without kind and ignores a kind a peer adds', () => {
    expect(
      TaskSchema.parse({ kind: 'task', id: 't1', context_id: 'c1', status: { state: 'TASK_STATE_WORKING' } }),
    ).toEqual({ id: 't1', contextId: 'c1', status: { state: 'TASK_STATE_WORKING' } });
  });

  it('names the JSON-RPC state it cannot read', () => {
    expect(
      issues(TaskSchema, { id: 't1', contextId: 'c1', status: { state: 'working' } })?.map((i) => i.path),
    ).toEqual([['status', 'state']]);
  });

  it('names each missing required field', () => {
    expect(issues(TaskSchema, { status: {} })?.map((issue) => issue.path)).toEqual([['id'], ['contextId']]);
  });
});
