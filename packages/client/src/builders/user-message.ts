import { createSortableId, type Message, type Part, type Struct } from '@baton/protocol';
import { textPart } from './parts.ts';

/** The optional fields of a message built by {@link userMessage}. */
export interface UserMessageOptions {
  /**
   * The message's id; default a fresh one. Pass the same id when sending the same message again (after a crash or
   * a lost answer): a server that keeps message ids, as Baton's does, answers with the task it already made.
   */
  readonly messageId?: string;
  /** The task this message continues (e.g. answering `TASK_STATE_INPUT_REQUIRED`). */
  readonly taskId?: string;
  /** The conversation this message belongs to. */
  readonly contextId?: string;
  /** Other tasks this message refers to. */
  readonly referenceTaskIds?: readonly string[];
  readonly metadata?: Struct;
  /** URIs of the extensions this message uses. */
  readonly extensions?: readonly string[];
}

/**
 * Builds a `ROLE_USER` message with a fresh `messageId` (or the one given), from a string (one text part), one part, or a
 * non-empty list of parts. Throws a `TypeError` for an empty list (a message needs at least one part).
 *
 * @example
 * userMessage('Plan a trip to Lisbon', { contextId });
 * userMessage([textPart('Summarize this'), filePart({ url: 'https://example.com/a.pdf' })]);
 */
export function userMessage(
  partsOrText: string | Part | readonly Part[],
  options?: UserMessageOptions,
): Message {
  const parts: Part[] =
    typeof partsOrText === 'string'
      ? [textPart(partsOrText)]
      : Array.isArray(partsOrText)
        ? [...(partsOrText as readonly Part[])]
        : [partsOrText as Part];
  if (parts.length === 0) throw new TypeError('userMessage: a message needs at least one part');
  const message: Message = { messageId: options?.messageId ?? createSortableId(), role: 'ROLE_USER', parts };
  if (options?.taskId !== undefined) message.taskId = options.taskId;
  if (options?.contextId !== undefined) message.contextId = options.contextId;
  if (options?.referenceTaskIds !== undefined) message.referenceTaskIds = [...options.referenceTaskIds];
  if (options?.metadata !== undefined) message.metadata = options.metadata;
  if (options?.extensions !== undefined) message.extensions = [...options.extensions];
  return message;
}
