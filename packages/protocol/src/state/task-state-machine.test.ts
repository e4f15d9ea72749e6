import { describe, expect, it } from 'vitest';
import type { TaskState } from '../v1/task-state.ts';
import {
  assertTransition,
  canTransition,
  INTERRUPTED_STATES,
  InvalidTransitionError,
  isInterruptedState,
  isTerminalState,
  TASK_STATE_TRANSITIONS,
  TERMINAL_STATES,
  taskStateName,
} from './task-state-machine.ts';

// Column order of the matrix below.
const STATES: readonly TaskState[] = [
  'TASK_STATE_UNSPECIFIED',
  'TASK_STATE_SUBMITTED',
  'TASK_STATE_WORKING',
  'TASK_STATE_COMPLETED',
  'TASK_STATE_FAILED',
  'TASK_STATE_CANCELED',
  'TASK_STATE_INPUT_REQUIRED',
  'TASK_STATE_REJECTED',
  'TASK_STATE_AUTH_REQUIRED',
];

// Row = from, column = to, 1 = allowed. Written by hand; keep in step with docs/task-lifecycle.md.
// biome-ignore format: the matrix is easier to review aligned
const MATRIX: Record<TaskState, readonly (0 | 1)[]> = {
  //                        UNS SUB WRK CMP FLD CAN INP REJ AUT
  TASK_STATE_UNSPECIFIED:    [0,  1,  1,  1,  1,  1,  1,  1,  1],
  TASK_STATE_SUBMITTED:      [0,  0,  1,  1,  1,  1,  1,  1,  1],
  TASK_STATE_WORKING:        [0,  0,  1,  1,  1,  1,  1,  1,  1],
  TASK_STATE_COMPLETED:      [0,  0,  0,  0,  0,  0,  0,  0,  0],
  TASK_STATE_FAILED:         [0,  0,  0,  0,  0,  0,  0,  0,  0],
  TASK_STATE_CANCELED:       [0,  0,  0,  0,  0,  0,  0,  0,  0],
  TASK_STATE_INPUT_REQUIRED: [0,  0,  1,  1,  1,  1,  1,  1,  1],
  TASK_STATE_REJECTED:       [0,  0,  0,  0,  0,  0,  0,  0,  0],
  TASK_STATE_AUTH_REQUIRED:  [0,  0,  1,  1,  1,  1,  1,  1,  1],
};

const PAIRS = STATES.flatMap((from) =>
  STATES.map((to, column) => [from, to, MATRIX[from][column] === 1] as const),
);

describe('task state transitions', () => {
  it('covers all 81 pairs', () => {
    expect(PAIRS).toHaveLength(81);
    expect([...TASK_STATE_TRANSITIONS.keys()].sort()).toEqual([...STATES].sort());
  });

  it.each(PAIRS)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
    if (allowed) expect(() => assertTransition(from, to)).not.toThrow();
    else expect(() => assertTransition(from, to)).toThrow(InvalidTransitionError);
  });

  it('rejects a transition out of completed, naming both states', () => {
    expect(() => assertTransition('TASK_STATE_COMPLETED', 'TASK_STATE_WORKING')).toThrow(
      'Cannot move a task from TASK_STATE_COMPLETED to TASK_STATE_WORKING: TASK_STATE_COMPLETED is terminal',
    );
  });

  it('puts from and to on the error', () => {
    try {
      assertTransition('TASK_STATE_WORKING', 'TASK_STATE_SUBMITTED');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidTransitionError);
      expect(error).toMatchObject({
        name: 'InvalidTransitionError',
        from: 'TASK_STATE_WORKING',
        to: 'TASK_STATE_SUBMITTED',
      });
    }
  });

  it('explains why UNSPECIFIED is refused as a target', () => {
    expect(() => assertTransition('TASK_STATE_WORKING', 'TASK_STATE_UNSPECIFIED')).toThrow(
      'Cannot move a task from TASK_STATE_WORKING to TASK_STATE_UNSPECIFIED: TASK_STATE_UNSPECIFIED is never a valid target',
    );
  });

  it('explains why a task cannot be submitted twice', () => {
    expect(() => assertTransition('TASK_STATE_SUBMITTED', 'TASK_STATE_SUBMITTED')).toThrow(
      /submitted only once/,
    );
  });
});

describe('state classification', () => {
  const TERMINAL = [
    'TASK_STATE_COMPLETED',
    'TASK_STATE_FAILED',
    'TASK_STATE_CANCELED',
    'TASK_STATE_REJECTED',
  ];
  const INTERRUPTED = ['TASK_STATE_INPUT_REQUIRED', 'TASK_STATE_AUTH_REQUIRED'];

  it.each(STATES)('classifies %s', (state) => {
    expect(isTerminalState(state)).toBe(TERMINAL.includes(state));
    expect(isInterruptedState(state)).toBe(INTERRUPTED.includes(state));
  });

  it('exports the same sets', () => {
    expect([...TERMINAL_STATES].sort()).toEqual([...TERMINAL].sort());
    expect([...INTERRUPTED_STATES].sort()).toEqual([...INTERRUPTED].sort());
  });
});

describe('taskStateName', () => {
  it('says each state as people and other protocols do', () => {
    expect(taskStateName('TASK_STATE_INPUT_REQUIRED')).toBe('input-required');
    expect(taskStateName('TASK_STATE_COMPLETED')).toBe('completed');
    expect(taskStateName('TASK_STATE_AUTH_REQUIRED')).toBe('auth-required');
  });
});
