import { isInterruptedState, isTerminalState } from '../state/task-state-machine.ts';
import type { TaskArtifactUpdateEvent, TaskStatusUpdateEvent } from '../v1/stream-events.ts';
import type { StreamResponse } from '../v1/stream-response.ts';
import type { TaskState } from '../v1/task-state.ts';
import type * as v03 from '../v03/index.ts';
import { artifactFromV03, artifactToV03 } from './artifacts.ts';
import { optional, optionalCopy } from './copy.ts';
import { at, lossTo1, requiredString, type TranslateOptions } from './loss.ts';
import { messageFromV03, messageToV03 } from './messages.ts';
import { taskFromV03, taskStatusFromV03, taskStatusToV03, taskToV03 } from './tasks.ts';

/** Options of a status-update translation to 0.3. */
export interface StatusUpdateToV03Options extends TranslateOptions {
  /** The 0.3 `final` flag; by default true exactly when the state is terminal or interrupted. */
  readonly final?: boolean;
}

/** The 0.3 `final` implied by a 1.0 state: true for terminal and interrupted (input/auth required) states. */
export function impliedFinal(state: TaskState): boolean {
  return isTerminalState(state) || isInterruptedState(state);
}

/**
 * 0.3 status-update → 1.0. `final` is dropped (1.0 ends a stream by closing it); when it differs from what the state
 * implies ({@link impliedFinal}) the difference is reported, since translating back recomputes it.
 */
export function taskStatusUpdateEventFromV03(
  event: v03.TaskStatusUpdateEvent,
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

/** 1.0 status-update → 0.3 with `final` from `options.final`, else {@link impliedFinal}. */
export function taskStatusUpdateEventToV03(
  event: TaskStatusUpdateEvent,
  options: StatusUpdateToV03Options = {},
): v03.TaskStatusUpdateEvent {
  return {
    kind: 'status-update',
    taskId: event.taskId,
    contextId: event.contextId,
    status: taskStatusToV03(event.status, at(options, 'status')),
    final: options.final ?? impliedFinal(event.status.state),
    ...optionalCopy('metadata', event.metadata),
  };
}

/** 0.3 artifact-update → 1.0 (`append`, `lastChunk` kept as sent). */
export function taskArtifactUpdateEventFromV03(
  event: v03.TaskArtifactUpdateEvent,
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

/** 1.0 artifact-update → 0.3. */
export function taskArtifactUpdateEventToV03(
  event: TaskArtifactUpdateEvent,
  options: TranslateOptions = {},
): v03.TaskArtifactUpdateEvent {
  return {
    kind: 'artifact-update',
    taskId: event.taskId,
    contextId: event.contextId,
    artifact: artifactToV03(event.artifact, at(options, 'artifact')),
    ...optional('append', event.append),
    ...optional('lastChunk', event.lastChunk),
    ...optionalCopy('metadata', event.metadata),
  };
}

/** A 0.3 stream event (told apart by `kind`) → the 1.0 `StreamResponse` oneof member. */
export function streamResponseFromV03(
  event: v03.StreamEvent,
  options: TranslateOptions = {},
): StreamResponse {
  switch (event.kind) {
    case 'task':
      return { task: taskFromV03(event, at(options, 'task')) };
    case 'message':
      return { message: messageFromV03(event, at(options, 'message')) };
    case 'status-update':
      return { statusUpdate: taskStatusUpdateEventFromV03(event, at(options, 'statusUpdate')) };
    case 'artifact-update':
      return { artifactUpdate: taskArtifactUpdateEventFromV03(event, at(options, 'artifactUpdate')) };
  }
}

/** A 1.0 `StreamResponse` → the bare 0.3 event; `options.final` applies to a status update. */
export function streamResponseToV03(
  response: StreamResponse,
  options: StatusUpdateToV03Options = {},
): v03.StreamEvent {
  if ('task' in response) return taskToV03(response.task, at(options, 'task'));
  if ('message' in response) return messageToV03(response.message, at(options, 'message'));
  if ('statusUpdate' in response) {
    return taskStatusUpdateEventToV03(response.statusUpdate, at(options, 'statusUpdate'));
  }
  return taskArtifactUpdateEventToV03(response.artifactUpdate, at(options, 'artifactUpdate'));
}
