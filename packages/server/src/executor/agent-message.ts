import { createId, type Message, type Part } from '@baton/protocol';
import type { AgentMessageInput, PartsInput } from './agent-executor.ts';

/** The ids an agent message carries: always the context, the task only when a task exists. */
export interface AgentMessageIds {
  readonly contextId: string;
  readonly taskId?: string | undefined;
}

/** Turns text, parts or a partial message into an agent Message: `ROLE_AGENT`, a fresh id unless given, the ids. */
export function createAgentMessage(input: AgentMessageInput, ids: AgentMessageIds): Message {
  // Built field by field in one order (no spread): every agent message gets the same object shape.
  if (typeof input === 'string' || isPartList(input)) {
    const message: Message = {
      messageId: createId(),
      contextId: ids.contextId,
      role: 'ROLE_AGENT',
      parts: [],
    };
    message.parts = toParts(input);
    if (ids.taskId !== undefined) message.taskId = ids.taskId;
    return message;
  }
  const message: Message = {
    messageId: input.messageId || createId(),
    contextId: ids.contextId,
    role: 'ROLE_AGENT',
    parts: [...input.parts],
  };
  if (ids.taskId !== undefined) message.taskId = ids.taskId;
  if (input.metadata !== undefined) message.metadata = input.metadata;
  if (input.extensions !== undefined) message.extensions = input.extensions;
  if (input.referenceTaskIds !== undefined) message.referenceTaskIds = input.referenceTaskIds;
  return message;
}

/** Normalizes text, one part or several into a part list. */
export function toParts(input: PartsInput): Part[] {
  if (typeof input === 'string') return [{ text: input }];
  return isPartList(input) ? [...input] : [input];
}

function isPartList<T>(input: T | readonly Part[]): input is readonly Part[] {
  return Array.isArray(input);
}
