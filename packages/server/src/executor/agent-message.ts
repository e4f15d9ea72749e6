import { createId, type Message, type Part } from '@baton/protocol';
import { copyMessageFields } from '../vocabulary/wire-fields.ts';
import type { AgentMessageInput, PartsInput } from './agent-executor.ts';

/** The ids an agent message carries: always the context, the task only when a task exists. */
export interface AgentMessageIds {
  readonly contextId: string;
  readonly taskId?: string | undefined;
}

/** Turns text, parts or a partial message into an agent Message: `ROLE_AGENT`, a fresh id unless given, the ids. */
export function createAgentMessage(input: AgentMessageInput, ids: AgentMessageIds): Message {
  // Built field by field in one order (no spread): every agent message gets the same object shape.
  const given = typeof input === 'string' || isPartList(input) ? undefined : input;
  const message: Message = {
    messageId: given?.messageId || createId(),
    contextId: ids.contextId,
    role: 'ROLE_AGENT',
    parts: given ? [...given.parts] : toParts(input as PartsInput),
  };
  if (ids.taskId !== undefined) message.taskId = ids.taskId;
  if (given) copyMessageFields(given, message);
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
