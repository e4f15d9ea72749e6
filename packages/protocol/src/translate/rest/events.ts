import type { SendMessageResponse } from '../../v1/send-message.ts';
import type { TaskArtifactUpdateEvent, TaskStatusUpdateEvent } from '../../v1/stream-events.ts';
import type { StreamResponse } from '../../v1/stream-response.ts';
import type * as rest from '../../v03/rest/index.ts';
import { optional, optionalCopy } from '../copy.ts';
import { impliedFinal, type StatusUpdateToV03Options } from '../events.ts';
import { at, lossTo1, requiredString, type TranslateOptions } from '../loss.ts';
import { artifactFromV03, artifactToV03, messageFromV03, messageToV03 } from './messages.ts';
import { taskFromV03, taskStatusFromV03, taskStatusToV03, taskToV03 } from './tasks.ts';

/** 0.3 REST status update → 1.0; `final` is dropped, and reported when its state does not imply it. */
export function taskStatusUpdateEventFromV03(
  event: rest.TaskStatusUpdateEvent,
  options: TranslateOptions = {},
): TaskStatusUpdateEvent {
  const status = taskStatusFromV03(event.status, at(options, 'status'));
  if (event.final !== impliedFinal(status.state)) {
    lossTo1(
      options,
      'final',
      `1.0 has no final flag (the stream closing ends it); final: ${event.final} dropped, though state ${event.status.state} implies final: ${!event.final}`,
    );
  }
  return {
    taskId: requiredString(options, 'taskId', event.taskId),
    contextId: requiredString(options, 'contextId', event.contextId),
    status,
    ...optionalCopy('metadata', event.metadata),
  };
}

/** 1.0 status update → 0.3 REST with `final` from `options.final`, else true for terminal and interrupted states. */
export function taskStatusUpdateEventToV03(
  event: TaskStatusUpdateEvent,
  options: StatusUpdateToV03Options = {},
): rest.TaskStatusUpdateEvent {
  return {
    taskId: event.taskId,
    contextId: event.contextId,
    status: taskStatusToV03(event.status, at(options, 'status')),
    final: options.final ?? impliedFinal(event.status.state),
    ...optionalCopy('metadata', event.metadata),
  };
}

/** 0.3 REST artifact update → 1.0. */
export function taskArtifactUpdateEventFromV03(
  event: rest.TaskArtifactUpdateEvent,
  options: TranslateOptions = {},
): TaskArtifactUpdateEvent {
  return {
    taskId: requiredString(options, 'taskId', event.taskId),
    contextId: requiredString(options, 'contextId', event.contextId),
    artifact: artifactFromV03(event.artifact, at(options, 'artifact')),
    ...optional('append', event.append),
    ...optional('lastChunk', event.lastChunk),
    ...optionalCopy('metadata', event.metadata),
  };
}

/** 1.0 artifact update → 0.3 REST. */
export function taskArtifactUpdateEventToV03(
  event: TaskArtifactUpdateEvent,
  options: TranslateOptions = {},
): rest.TaskArtifactUpdateEvent {
  return {
    taskId: event.taskId,
    contextId: event.contextId,
    artifact: artifactToV03(event.artifact, at(options, 'artifact')),
    ...optional('append', event.append),
    ...optional('lastChunk', event.lastChunk),
    ...optionalCopy('metadata', event.metadata),
  };
}

/** 0.3 REST stream event → 1.0 (same oneof member names). */
export function streamResponseFromV03(
  event: rest.StreamResponse,
  options: TranslateOptions = {},
): StreamResponse {
  if ('task' in event) return { task: taskFromV03(event.task, at(options, 'task')) };
  if ('message' in event) return { message: messageFromV03(event.message, at(options, 'message')) };
  if ('statusUpdate' in event) {
    return { statusUpdate: taskStatusUpdateEventFromV03(event.statusUpdate, at(options, 'statusUpdate')) };
  }
  return {
    artifactUpdate: taskArtifactUpdateEventFromV03(event.artifactUpdate, at(options, 'artifactUpdate')),
  };
}

/** 1.0 stream event → 0.3 REST; `options.final` applies to a status update. */
export function streamResponseToV03(
  response: StreamResponse,
  options: StatusUpdateToV03Options = {},
): rest.StreamResponse {
  if ('task' in response) return { task: taskToV03(response.task, at(options, 'task')) };
  if ('message' in response) return { message: messageToV03(response.message, at(options, 'message')) };
  if ('statusUpdate' in response) {
    return { statusUpdate: taskStatusUpdateEventToV03(response.statusUpdate, at(options, 'statusUpdate')) };
  }
  return {
    artifactUpdate: taskArtifactUpdateEventToV03(response.artifactUpdate, at(options, 'artifactUpdate')),
  };
}

/** 0.3 REST `message:send` reply → 1.0 (same `{task}` / `{message}` wrapper). */
export function sendMessageResponseFromV03(
  response: rest.SendMessageResponse,
  options: TranslateOptions = {},
): SendMessageResponse {
  return 'task' in response
    ? { task: taskFromV03(response.task, at(options, 'task')) }
    : { message: messageFromV03(response.message, at(options, 'message')) };
}

/** 1.0 `SendMessageResponse` → 0.3 REST. */
export function sendMessageResponseToV03(
  response: SendMessageResponse,
  options: TranslateOptions = {},
): rest.SendMessageResponse {
  return 'task' in response
    ? { task: taskToV03(response.task, at(options, 'task')) }
    : { message: messageToV03(response.message, at(options, 'message')) };
}
