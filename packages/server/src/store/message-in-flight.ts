import type { A2AError, Task } from '@baton/protocol';
import { overloadError } from '../vocabulary/overload-error.ts';

/** The reason of {@link messageInFlightError}. */
export const MESSAGE_IN_FLIGHT = 'MESSAGE_IN_FLIGHT';

/**
 * The user message a new task is created with, whose id a store may keep unique per scope: two instances that got
 * the same message at once (a client's retry racing its first send) cannot both make a task of it.
 */
export function firstUserMessageId(task: Task): string | undefined {
  return task.history?.find((message) => message.role === 'ROLE_USER')?.messageId;
}

/**
 * What a store answers a `create` whose first user message already made a task in the scope (another instance
 * created it meanwhile): retryable, so the client sends the message again and gets that task, as any repeat does.
 */
export function messageInFlightError(messageId: string): A2AError {
  return overloadError(
    MESSAGE_IN_FLIGHT,
    `Message ${messageId} is being taken by another instance of this agent; send it again to get its task`,
    1,
    { messageId },
  );
}
