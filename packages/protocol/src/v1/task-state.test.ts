import { describe, expect, it } from 'vitest';
import { ROLES, RoleSchema } from './role.ts';
import { TASK_STATES, TaskStateSchema } from './task-state.ts';

describe('TaskStateSchema', () => {
  it('lists the nine states in proto number order', () => {
    expect(TASK_STATES).toEqual([
      'TASK_STATE_UNSPECIFIED',
      'TASK_STATE_SUBMITTED',
      'TASK_STATE_WORKING',
      'TASK_STATE_COMPLETED',
      'TASK_STATE_FAILED',
      'TASK_STATE_CANCELED',
      'TASK_STATE_INPUT_REQUIRED',
      'TASK_STATE_REJECTED',
      'TASK_STATE_AUTH_REQUIRED',
    ]);
  });

  it.each(TASK_STATES.map((name, number) => [number, name] as const))(
    'reads proto number %i as %s',
    (n, name) => {
      expect(TaskStateSchema.parse(n)).toBe(name);
      expect(TaskStateSchema.parse(name)).toBe(name);
    },
  );

  it('rejects 0.3 names, the British spelling and unknown numbers', () => {
    for (const input of ['completed', 'TASK_STATE_CANCELLED', 'TASK_STATE_RUNNING', 9, -1]) {
      expect(TaskStateSchema.safeParse(input).success).toBe(false);
    }
  });
});

describe('RoleSchema', () => {
  it('reads names and numbers 0..2', () => {
    expect(ROLES.map((_, n) => RoleSchema.parse(n))).toEqual(['ROLE_UNSPECIFIED', 'ROLE_USER', 'ROLE_AGENT']);
    expect(RoleSchema.parse('ROLE_AGENT')).toBe('ROLE_AGENT');
  });

  it('rejects 0.3 role names', () => {
    expect(RoleSchema.safeParse('agent').success).toBe(false);
  });
});
