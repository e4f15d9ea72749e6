/** The 1.0 task lifecycle: terminal/interrupted states and the allowed transitions. */
export * from './task-state-machine.ts';
