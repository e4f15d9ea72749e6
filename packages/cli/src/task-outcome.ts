import { type Message, type Task, type TaskState, taskStateName } from '@baton/protocol';
import { EXIT } from './cli-error.ts';

/** A task state as people say it: `TASK_STATE_INPUT_REQUIRED` → `input-required`. */
export const stateName = taskStateName;

/** The exit code a task's state means: 0 completed (or waiting for the caller), 1 failed, rejected, canceled. */
export function exitCodeOf(state: TaskState | string): number {
  return state === 'TASK_STATE_FAILED' || state === 'TASK_STATE_REJECTED' || state === 'TASK_STATE_CANCELED'
    ? EXIT.taskFailed
    : EXIT.ok;
}

/** The text parts of a message, joined. */
export function messageText(message: Message | undefined): string {
  return (message?.parts ?? [])
    .map((part) => ('text' in part ? part.text : 'data' in part ? JSON.stringify(part.data) : ''))
    .filter((text) => text !== '')
    .join('\n');
}

/** Whether the task waits for the caller (input or authentication). */
export const waitsForCaller = (task: Task) =>
  task.status.state === 'TASK_STATE_INPUT_REQUIRED' || task.status.state === 'TASK_STATE_AUTH_REQUIRED';
