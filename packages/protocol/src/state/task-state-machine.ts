import type { TaskState } from '../v1/task-state.ts';

/**
 * Which 1.0 task states may follow which. Rationale and the full matrix: docs/task-lifecycle.md.
 * Terminal states never change (life-of-a-task "Task Immutability"); UNSPECIFIED is never a target.
 */

/** States a task never leaves (spec §3.1.1: completed, failed, canceled, rejected). */
export const TERMINAL_STATES: ReadonlySet<TaskState> = new Set<TaskState>([
  'TASK_STATE_COMPLETED',
  'TASK_STATE_FAILED',
  'TASK_STATE_CANCELED',
  'TASK_STATE_REJECTED',
]);

/** States where the agent waits for the client (proto: "This is an interrupted state"). */
export const INTERRUPTED_STATES: ReadonlySet<TaskState> = new Set<TaskState>([
  'TASK_STATE_INPUT_REQUIRED',
  'TASK_STATE_AUTH_REQUIRED',
]);

const TERMINAL = [...TERMINAL_STATES];

/** For each state, the states it may move to. */
export const TASK_STATE_TRANSITIONS: ReadonlyMap<TaskState, ReadonlySet<TaskState>> = new Map<
  TaskState,
  ReadonlySet<TaskState>
>([
  // A state read from a peer that didn't say; anything concrete may follow.
  [
    'TASK_STATE_UNSPECIFIED',
    new Set<TaskState>([
      'TASK_STATE_SUBMITTED',
      'TASK_STATE_WORKING',
      'TASK_STATE_INPUT_REQUIRED',
      'TASK_STATE_AUTH_REQUIRED',
      ...TERMINAL,
    ]),
  ],
  [
    'TASK_STATE_SUBMITTED',
    new Set<TaskState>([
      'TASK_STATE_WORKING',
      'TASK_STATE_INPUT_REQUIRED',
      'TASK_STATE_AUTH_REQUIRED',
      ...TERMINAL,
    ]),
  ],
  // WORKING → WORKING is a progress update carrying a new status message.
  [
    'TASK_STATE_WORKING',
    new Set<TaskState>([
      'TASK_STATE_WORKING',
      'TASK_STATE_INPUT_REQUIRED',
      'TASK_STATE_AUTH_REQUIRED',
      ...TERMINAL,
    ]),
  ],
  // An interrupted state may repeat: the agent asks again, or asks for something else.
  [
    'TASK_STATE_INPUT_REQUIRED',
    new Set<TaskState>([
      'TASK_STATE_WORKING',
      'TASK_STATE_INPUT_REQUIRED',
      'TASK_STATE_AUTH_REQUIRED',
      ...TERMINAL,
    ]),
  ],
  [
    'TASK_STATE_AUTH_REQUIRED',
    new Set<TaskState>([
      'TASK_STATE_WORKING',
      'TASK_STATE_INPUT_REQUIRED',
      'TASK_STATE_AUTH_REQUIRED',
      ...TERMINAL,
    ]),
  ],
  ['TASK_STATE_COMPLETED', new Set<TaskState>()],
  ['TASK_STATE_FAILED', new Set<TaskState>()],
  ['TASK_STATE_CANCELED', new Set<TaskState>()],
  ['TASK_STATE_REJECTED', new Set<TaskState>()],
]);

/** Whether the task is finished for good. */
export function isTerminalState(state: TaskState): boolean {
  return TERMINAL_STATES.has(state);
}

/** Whether the task is paused waiting for the client (input or authorization). */
export function isInterruptedState(state: TaskState): boolean {
  return INTERRUPTED_STATES.has(state);
}

/** Whether a task in `from` may move to `to`. */
export function canTransition(from: TaskState, to: TaskState): boolean {
  return TASK_STATE_TRANSITIONS.get(from)?.has(to) ?? false;
}

/** Thrown by {@link assertTransition} for a move the lifecycle forbids. */
export class InvalidTransitionError extends Error {
  /** The state the task is in. */
  readonly from: TaskState;
  /** The state that was asked for. */
  readonly to: TaskState;

  constructor(from: TaskState, to: TaskState) {
    super(`Cannot move a task from ${from} to ${to}: ${explain(from, to)}`);
    this.name = 'InvalidTransitionError';
    this.from = from;
    this.to = to;
  }
}

/** Throws an {@link InvalidTransitionError} unless a task in `from` may move to `to`. */
export function assertTransition(from: TaskState, to: TaskState): void {
  if (!canTransition(from, to)) throw new InvalidTransitionError(from, to);
}

function explain(from: TaskState, to: TaskState): string {
  if (isTerminalState(from)) return `${from} is terminal`;
  if (to === 'TASK_STATE_UNSPECIFIED') return `${to} is never a valid target`;
  if (to === 'TASK_STATE_SUBMITTED') return `a task is submitted only once, when it is created`;
  return `${to} may not follow ${from}`;
}

/** A task state as people and other protocols say it: `TASK_STATE_INPUT_REQUIRED` → `input-required`. */
export function taskStateName(state: TaskState | string): string {
  return state
    .replace(/^TASK_STATE_/, '')
    .toLowerCase()
    .replace(/_/g, '-');
}
