import type { Role } from '../v1/role.ts';
import type { TaskState } from '../v1/task-state.ts';
import type * as v03 from '../v03/index.ts';
import { lossTo03, type TranslateOptions } from './loss.ts';

const STATE_FROM_V03: Readonly<Record<v03.TaskState, TaskState>> = {
  submitted: 'TASK_STATE_SUBMITTED',
  working: 'TASK_STATE_WORKING',
  'input-required': 'TASK_STATE_INPUT_REQUIRED',
  completed: 'TASK_STATE_COMPLETED',
  canceled: 'TASK_STATE_CANCELED',
  failed: 'TASK_STATE_FAILED',
  rejected: 'TASK_STATE_REJECTED',
  'auth-required': 'TASK_STATE_AUTH_REQUIRED',
  unknown: 'TASK_STATE_UNSPECIFIED',
};

const STATE_TO_V03: Readonly<Record<TaskState, v03.TaskState>> = {
  TASK_STATE_UNSPECIFIED: 'unknown',
  TASK_STATE_SUBMITTED: 'submitted',
  TASK_STATE_WORKING: 'working',
  TASK_STATE_COMPLETED: 'completed',
  TASK_STATE_FAILED: 'failed',
  TASK_STATE_CANCELED: 'canceled',
  TASK_STATE_INPUT_REQUIRED: 'input-required',
  TASK_STATE_REJECTED: 'rejected',
  TASK_STATE_AUTH_REQUIRED: 'auth-required',
};

/** 0.3 task state → 1.0 (`input-required` → `TASK_STATE_INPUT_REQUIRED`, `unknown` → `TASK_STATE_UNSPECIFIED`). */
export function taskStateFromV03(state: v03.TaskState): TaskState {
  return STATE_FROM_V03[state];
}

/** 1.0 task state → 0.3 (`TASK_STATE_UNSPECIFIED` → `unknown`); every state has a 0.3 form. */
export function taskStateToV03(state: TaskState): v03.TaskState {
  return STATE_TO_V03[state];
}

/** 0.3 role → 1.0 (`user` → `ROLE_USER`, `agent` → `ROLE_AGENT`). */
export function roleFromV03(role: v03.Role): Role {
  return role === 'user' ? 'ROLE_USER' : 'ROLE_AGENT';
}

/** 1.0 role → 0.3; `ROLE_UNSPECIFIED` has no 0.3 form and becomes `agent` (as a2a-js and a2a-python do). */
export function roleToV03(role: Role, options: TranslateOptions = {}): v03.Role {
  if (role === 'ROLE_USER') return 'user';
  if (role === 'ROLE_UNSPECIFIED') {
    lossTo03(options, undefined, 'ROLE_UNSPECIFIED has no 0.3 form; written as "agent"');
  }
  return 'agent';
}
