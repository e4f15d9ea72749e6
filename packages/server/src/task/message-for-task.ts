import type { Message } from '@baton/protocol';
import { copyMessageFields } from '../vocabulary/wire-fields.ts';

/**
 * The user's message as its task keeps it, with the task's ids: its fields copied one by one in a fixed order,
 * not spread and then extended (a small task serialized in 5.0 µs against 2.3 µs, measured; see wire-fields.ts).
 */
export function messageForTask(message: Message, taskId: string, contextId: string): Message {
  const kept: Message = {
    messageId: message.messageId,
    contextId,
    taskId,
    role: message.role,
    parts: message.parts,
  };
  copyMessageFields(message, kept);
  return kept;
}
