import { createSortableId, type Message, type SendMessageRequest } from '@baton/protocol';
import { A2AClientError } from '../errors/client-error.ts';

/**
 * What a send takes: the text of a user message, a Message (as `userMessage` builds it), or a full
 * SendMessageRequest (`{ message, configuration?, metadata? }`).
 */
export type SendInput = string | Message | SendMessageRequest;

/** Options of a send that shape the request. */
export interface SendRequestOptions {
  /** Return as soon as the agent has started (a task) instead of waiting for a terminal or interrupted state. */
  readonly returnImmediately?: boolean;
  /** For a text input or a Message without one: continue this task. */
  readonly taskId?: string;
  /** For a text input or a Message without one: send within this context. */
  readonly contextId?: string;
  /**
   * A2A 1.1 draft (`TASK_GENERATION_EXTENSION`): the agent refuses the follow-up with TaskGenerationMismatchError
   * (-32010) unless the task is still at this generation, i.e. nobody else moved it since you read it.
   */
  readonly ifGenerationMatch?: number;
  /**
   * The card's skill this send is for (client-directed skill selection, `SKILL_SELECTION_EXTENSION`): sent as
   * `configuration.skillId` to an agent whose card declares the extension, which then runs that skill; left out
   * for any other agent, which picks the skill from the message as before.
   */
  readonly skillId?: string;
}

const EXPECTED =
  'a string, a Message (from userMessage) or a SendMessageRequest ({ message: Message, configuration?, metadata? })';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// A Message as far as the client can tell without the server's validation: an id, a role and a list of parts.
const isMessage = (value: unknown): value is Message =>
  isObject(value) &&
  typeof value.messageId === 'string' &&
  typeof value.role === 'string' &&
  Array.isArray(value.parts);

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (isObject(value)) {
    const keys = Object.keys(value);
    return keys.length === 0 ? 'an empty object' : `an object with ${keys.slice(0, 5).join(', ')}`;
  }
  return `a ${typeof value}`;
}

function refuse(input: unknown, why: string): never {
  throw new A2AClientError('INVALID_INPUT', `A send takes ${EXPECTED}; got ${why}. Nothing was sent.`, {
    cause: input,
  });
}

function fromMessage(message: Message, options: SendRequestOptions): SendMessageRequest {
  const taskId = message.taskId ?? options.taskId;
  const contextId = message.contextId ?? options.contextId;
  if (options.taskId !== undefined && message.taskId !== undefined && options.taskId !== message.taskId) {
    refuse(message, `a Message for task ${message.taskId} with the option taskId ${options.taskId}`);
  }
  return {
    message: {
      ...message,
      ...(taskId === undefined ? {} : { taskId }),
      ...(contextId === undefined ? {} : { contextId }),
    },
  };
}

function toRequest(input: unknown, options: SendRequestOptions): SendMessageRequest {
  if (typeof input === 'string') {
    return {
      message: {
        messageId: createSortableId(),
        role: 'ROLE_USER',
        parts: [{ text: input }],
        ...(options.taskId === undefined ? {} : { taskId: options.taskId }),
        ...(options.contextId === undefined ? {} : { contextId: options.contextId }),
      },
    };
  }
  if (isMessage(input)) return fromMessage(input, options);
  if (isObject(input) && 'message' in input) {
    if (!isMessage(input.message)) refuse(input, `a request whose message is ${describe(input.message)}`);
    return input as unknown as SendMessageRequest;
  }
  return refuse(input, describe(input));
}

/**
 * Builds the request of a send: text becomes a user message with a fresh `messageId`, a Message is wrapped in a
 * request; `returnImmediately` and `ifGenerationMatch` go into the configuration. Anything else is refused with an `INVALID_INPUT`
 * A2AClientError before any request. The result is built once, so a retried send repeats the same `messageId`.
 */
export function toSendRequest(input: SendInput, options: SendRequestOptions = {}): SendMessageRequest {
  const request = toRequest(input, options);
  if (
    options.returnImmediately === undefined &&
    options.ifGenerationMatch === undefined &&
    options.skillId === undefined
  ) {
    return request;
  }
  return {
    ...request,
    configuration: {
      ...request.configuration,
      ...(options.returnImmediately === undefined ? {} : { returnImmediately: options.returnImmediately }),
      ...(options.ifGenerationMatch === undefined ? {} : { ifGenerationMatch: options.ifGenerationMatch }),
      ...(options.skillId === undefined ? {} : { skillId: options.skillId }),
    },
  };
}
