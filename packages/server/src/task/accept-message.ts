import { A2AError, isTerminalState, type Message } from '@baton/protocol';
import { isSameScope } from '../store/is-same-scope.ts';
import type { TaskScope } from '../store/task-store.ts';
import type { TaskChannel } from './task-channel.ts';

/** Whether the task on `channel` exists and belongs to `scope`. */
export function isVisible(channel: TaskChannel, scope: TaskScope): boolean {
  return channel.created && isSameScope(channel.scope, scope);
}

/**
 * Checks that a client message may continue the task on `channel`, throwing what the client gets otherwise:
 * TaskNotFound (missing or not the caller's), InvalidParams (contextId of another context, naming both),
 * UnsupportedOperation (terminal task, or one still working with nobody waiting for input).
 */
export function assertAcceptsMessage(channel: TaskChannel, message: Message, scope: TaskScope): void {
  const { taskId } = channel;
  if (!isVisible(channel, scope)) throw A2AError.taskNotFound(taskId);
  const sent = message.contextId;
  if (sent && sent !== channel.contextId) {
    throw A2AError.invalidParams(
      `message.contextId "${sent}" does not match the contextId "${channel.contextId}" of task "${taskId}"`,
      [{ field: 'message.contextId', description: `task ${taskId} belongs to context ${channel.contextId}` }],
    );
  }
  const state = channel.state ?? 'TASK_STATE_UNSPECIFIED';
  if (isTerminalState(state)) {
    throw A2AError.unsupportedOperation(
      `Task ${taskId} is ${state} and takes no more messages; send a message without taskId (same contextId) to start a new task`,
    );
  }
  if (channel.execution && !channel.execution.pendingReply) {
    throw A2AError.unsupportedOperation(
      `Task ${taskId} is still working; send a follow-up when it asks for input`,
    );
  }
}
