import { createId, type Message, type Part } from '@baton/protocol';
import type { AgentMessageInput, PartsInput } from './agent-executor.ts';

/** The ids an agent message carries: always the context, the task only when a task exists. */
export interface AgentMessageIds {
  readonly contextId: string;
  readonly taskId?: string | undefined;
}

/** Turns text, parts or a partial message into an agent Message: `ROLE_AGENT`, a fresh id unless given, the ids. */
export function createAgentMessage(input: AgentMessageInput, ids: AgentMessageIds): Message {
  const base: Partial<Message> & Pick<Message, 'parts'> =
    typeof input === 'string' || isPartList(input) ? { parts: toParts(input) } : input;
  const { taskId: _taskId, contextId: _contextId, ...rest } = base;
  return {
    ...rest,
    messageId: base.messageId || createId(),
    role: 'ROLE_AGENT',
    parts: [...base.parts],
    contextId: ids.contextId,
    ...(ids.taskId === undefined ? {} : { taskId: ids.taskId }),
  };
}

/** Normalizes text, one part or several into a part list. */
export function toParts(input: PartsInput): Part[] {
  if (typeof input === 'string') return [{ text: input }];
  return isPartList(input) ? [...input] : [input];
}

function isPartList<T>(input: T | readonly Part[]): input is readonly Part[] {
  return Array.isArray(input);
}
