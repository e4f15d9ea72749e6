import { A2AError, type Message, type Task } from '@baton/protocol';

/**
 * What makes a user message the same message when its `messageId` comes again: its role, parts, metadata,
 * extensions and referenced tasks, and the context it names (a message that names none is in whatever context its
 * task got). Keys are sorted, so a store that reorders JSON keys (PostgreSQL's jsonb) keeps the same fingerprint;
 * empty lists and objects count as absent. The send's configuration (blocking or not, history length, output
 * modes, an inline push config) says how the caller wants the answer, not what it asked, so a retry may change it.
 */
export function messageFingerprint(message: Message, contextId = message.contextId): string {
  return canonicalJson({
    role: message.role,
    parts: message.parts,
    metadata: message.metadata,
    extensions: message.extensions,
    referenceTaskIds: message.referenceTaskIds,
    contextId,
  });
}

/** The user message with this id in the task's history, the last one if it came more than once. */
export function keptUserMessage(task: Task, messageId: string): Message | undefined {
  const history = task.history ?? [];
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const message = history[index];
    if (message?.messageId === messageId && message.role === 'ROLE_USER') return message;
  }
  return undefined;
}

/**
 * Refuses a message sent under the `messageId` of another message of the same caller: its task keeps the first,
 * and the second would otherwise be answered with the first one's task and never seen by the agent.
 */
export function assertSameMessage(sent: Message, task: Task): void {
  const kept = keptUserMessage(task, sent.messageId);
  // A task that no longer holds it (its history was cut) cannot tell: it is the retry it looks like.
  if (kept === undefined) return;
  const contextId = sent.contextId || kept.contextId;
  if (messageFingerprint(sent, contextId) !== messageFingerprint(kept)) {
    throw messageIdReusedError(sent.messageId, task.id);
  }
}

/** InvalidParams, reason `MESSAGE_ID_REUSED`: the id names another message of this caller, in task `taskId`. */
export function messageIdReusedError(messageId: string, taskId: string): A2AError {
  const description = `was already used by this caller for a different message (task ${taskId}); a new message needs a new messageId`;
  return A2AError.from('InvalidParamsError', {
    message: `Invalid parameters: message.messageId "${messageId}" ${description}`,
    reason: 'MESSAGE_ID_REUSED',
    metadata: { messageId, taskId },
    details: A2AError.invalidParams(undefined, [{ field: 'message.messageId', description }]).details,
  });
}

/** JSON with object keys sorted and empty values (undefined, [], {}) left out. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(canonical(value)) ?? '';
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value))
    return value.length === 0 ? undefined : value.map((item) => canonical(item) ?? null);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = canonical((value as Record<string, unknown>)[key]);
    if (item !== undefined) sorted[key] = item;
  }
  return Object.keys(sorted).length === 0 ? undefined : sorted;
}
