/** The 1.0 task lifecycle: terminal/interrupted states and the allowed transitions. */
export {
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
