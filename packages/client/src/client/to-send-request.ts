import { createId, type SendMessageRequest } from '@baton/protocol';

/** What a send takes: a full request, or just the text of a user message. */
export type SendInput = SendMessageRequest | string;

/** Options of a send that shape the request. */
export interface SendRequestOptions {
  /** Return as soon as the agent has started (a task) instead of waiting for a terminal or interrupted state. */
  readonly returnImmediately?: boolean;
  /** For a text input: continue this task. */
  readonly taskId?: string;
  /** For a text input: send within this context. */
  readonly contextId?: string;
}

/**
 * Builds the request of a send: text becomes a user message with a fresh `messageId`; `returnImmediately` goes
 * into the configuration. The result is built once, so a retried send repeats the same `messageId`.
 */
export function toSendRequest(input: SendInput, options: SendRequestOptions = {}): SendMessageRequest {
  const request: SendMessageRequest =
    typeof input === 'string'
      ? {
          message: {
            messageId: createId(),
            role: 'ROLE_USER',
            parts: [{ text: input }],
            ...(options.taskId === undefined ? {} : { taskId: options.taskId }),
            ...(options.contextId === undefined ? {} : { contextId: options.contextId }),
          },
        }
      : input;
  if (options.returnImmediately === undefined) return request;
  return {
    ...request,
    configuration: { ...request.configuration, returnImmediately: options.returnImmediately },
  };
}
