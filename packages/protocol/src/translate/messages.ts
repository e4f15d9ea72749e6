import type { Message } from '../v1/message.ts';
import type * as v03 from '../v03/index.ts';
import { optional, optionalCopy } from './copy.ts';
import { roleFromV03, roleToV03 } from './enums.ts';
import { at, requiredList, requiredString, type TranslateOptions } from './loss.ts';
import { partFromV03, partToV03 } from './parts.ts';

/** 0.3 message → 1.0 (drops `kind`); throws if `messageId` is empty or there are no parts (1.0 REQUIRES both). */
export function messageFromV03(message: v03.Message, options: TranslateOptions = {}): Message {
  return {
    messageId: requiredString(options, 'messageId', message.messageId),
    ...optional('contextId', message.contextId),
    ...optional('taskId', message.taskId),
    role: roleFromV03(message.role),
    parts: requiredList(options, 'parts', message.parts).map((part) => partFromV03(part)),
    ...optionalCopy('metadata', message.metadata),
    ...optionalCopy('extensions', message.extensions),
    ...optionalCopy('referenceTaskIds', message.referenceTaskIds),
  };
}

/** 1.0 message → 0.3 (adds `kind: "message"`); see {@link partToV03} and {@link roleToV03} for losses. */
export function messageToV03(message: Message, options: TranslateOptions = {}): v03.Message {
  const partsOptions = at(options, 'parts');
  return {
    kind: 'message',
    messageId: message.messageId,
    role: roleToV03(message.role, at(options, 'role')),
    parts: message.parts.map((part, index) => partToV03(part, at(partsOptions, index))),
    ...optional('contextId', message.contextId),
    ...optional('taskId', message.taskId),
    ...optionalCopy('referenceTaskIds', message.referenceTaskIds),
    ...optionalCopy('extensions', message.extensions),
    ...optionalCopy('metadata', message.metadata),
  };
}
