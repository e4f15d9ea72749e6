import { describe, expect, it } from 'vitest';
import { recording } from '../../test/fixtures/translate/helpers.ts';
import { ROLES } from '../v1/role.ts';
import { TASK_STATES } from '../v1/task-state.ts';
import * as v03 from '../v03/index.ts';
import { roleFromV03, roleToV03, taskStateFromV03, taskStateToV03 } from './enums.ts';

describe('task states', () => {
  it('maps every 0.3 state to its 1.0 name', () => {
    expect(Object.fromEntries(v03.TASK_STATES.map((state) => [state, taskStateFromV03(state)]))).toEqual({
      submitted: 'TASK_STATE_SUBMITTED',
      working: 'TASK_STATE_WORKING',
      'input-required': 'TASK_STATE_INPUT_REQUIRED',
      completed: 'TASK_STATE_COMPLETED',
      canceled: 'TASK_STATE_CANCELED',
      failed: 'TASK_STATE_FAILED',
      rejected: 'TASK_STATE_REJECTED',
      'auth-required': 'TASK_STATE_AUTH_REQUIRED',
      unknown: 'TASK_STATE_UNSPECIFIED',
    });
  });

  it('round-trips every state both ways', () => {
    for (const state of v03.TASK_STATES) expect(taskStateToV03(taskStateFromV03(state))).toBe(state);
    for (const state of TASK_STATES) expect(taskStateFromV03(taskStateToV03(state))).toBe(state);
  });
});

describe('roles', () => {
  it('maps user and agent both ways without losses', () => {
    const { losses, options } = recording();
    expect(roleFromV03('user')).toBe('ROLE_USER');
    expect(roleFromV03('agent')).toBe('ROLE_AGENT');
    expect(roleToV03('ROLE_USER', options)).toBe('user');
    expect(roleToV03('ROLE_AGENT', options)).toBe('agent');
    expect(losses).toEqual([]);
  });

  it('writes ROLE_UNSPECIFIED as agent and reports it', () => {
    const { losses, options } = recording();
    expect(roleToV03('ROLE_UNSPECIFIED', { ...options, path: 'role' })).toBe('agent');
    expect(losses).toEqual([
      { path: 'role', reason: 'ROLE_UNSPECIFIED has no 0.3 form; written as "agent"' },
    ]);
    expect(() => roleToV03(ROLES[0], { strict: true })).toThrow('A2A 0.3 cannot express this value');
  });
});
