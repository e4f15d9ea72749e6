import type { Artifact } from '../../v1/artifact.ts';
import type { Message } from '../../v1/message.ts';
import type { Role } from '../../v1/role.ts';
import type * as rest from '../../v03/rest/index.ts';
import { optional, optionalCopy } from '../copy.ts';
import { at, lossTo03, requiredList, requiredString, type TranslateOptions } from '../loss.ts';
import { partFromV03, partToV03 } from './parts.ts';

/** 1.0 role → 0.3 REST; `ROLE_UNSPECIFIED`, which the 0.3 REST schema rejects, becomes `ROLE_AGENT`. */
export function roleToV03(role: Role, options: TranslateOptions = {}): rest.Role {
  if (role !== 'ROLE_UNSPECIFIED') return role;
  lossTo03(
    options,
    undefined,
    '0.3 REST messages need ROLE_USER or ROLE_AGENT; ROLE_UNSPECIFIED written as ROLE_AGENT',
  );
  return 'ROLE_AGENT';
}

/** 0.3 REST message → 1.0 (`content` → `parts`); throws if `messageId` is empty or there are no parts. */
export function messageFromV03(message: rest.Message, options: TranslateOptions = {}): Message {
  return {
    messageId: requiredString(options, 'messageId', message.messageId),
    ...optional('contextId', message.contextId),
    ...optional('taskId', message.taskId),
    role: message.role,
    parts: requiredList(options, 'content', message.content).map((part) => partFromV03(part)),
    ...optionalCopy('metadata', message.metadata),
    ...optionalCopy('extensions', message.extensions),
  };
}

/** 1.0 message → 0.3 REST (`parts` → `content`); the 0.3 proto message has no `referenceTaskIds` (reported). */
export function messageToV03(message: Message, options: TranslateOptions = {}): rest.Message {
  if (message.referenceTaskIds !== undefined) {
    lossTo03(options, 'referenceTaskIds', '0.3 REST messages have no referenceTaskIds; dropped');
  }
  const parts = at(options, 'parts');
  return {
    messageId: message.messageId,
    ...optional('contextId', message.contextId),
    ...optional('taskId', message.taskId),
    role: roleToV03(message.role, at(options, 'role')),
    content: message.parts.map((part, index) => partToV03(part, at(parts, index))),
    ...optionalCopy('metadata', message.metadata),
    ...optionalCopy('extensions', message.extensions),
  };
}

/** 0.3 REST artifact → 1.0; throws if `artifactId` is empty or there are no parts. */
export function artifactFromV03(artifact: rest.Artifact, options: TranslateOptions = {}): Artifact {
  return {
    artifactId: requiredString(options, 'artifactId', artifact.artifactId),
    ...optional('name', artifact.name),
    ...optional('description', artifact.description),
    parts: requiredList(options, 'parts', artifact.parts).map((part) => partFromV03(part)),
    ...optionalCopy('metadata', artifact.metadata),
    ...optionalCopy('extensions', artifact.extensions),
  };
}

/** 1.0 artifact → 0.3 REST; see {@link partToV03} for losses. */
export function artifactToV03(artifact: Artifact, options: TranslateOptions = {}): rest.Artifact {
  const parts = at(options, 'parts');
  return {
    artifactId: artifact.artifactId,
    ...optional('name', artifact.name),
    ...optional('description', artifact.description),
    parts: artifact.parts.map((part, index) => partToV03(part, at(parts, index))),
    ...optionalCopy('metadata', artifact.metadata),
    ...optionalCopy('extensions', artifact.extensions),
  };
}
