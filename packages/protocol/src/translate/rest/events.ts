import type * as v03 from '../../v03/index.ts';
import type * as rest from '../../v03/rest/index.ts';
import { cloneJson } from '../copy.ts';
import * as jsonRpcEvents from '../events.ts';
import { at, type TranslateOptions } from '../loss.ts';
import * as jsonRpcSend from '../send-message.ts';
import { composeFromV03, composeToV03 } from './compose.ts';
import { artifactFromJsonRpc, artifactToJsonRpc, messageFromJsonRpc, messageToJsonRpc } from './messages.ts';
import { taskFromJsonRpc, taskStatusFromJsonRpc, taskStatusToJsonRpc, taskToJsonRpc } from './tasks.ts';

/** 0.3 REST status update → 0.3 JSON-RPC (adds `kind: "status-update"`; `final` as sent); lossless. */
export function taskStatusUpdateEventToJsonRpc(event: rest.TaskStatusUpdateEvent): v03.TaskStatusUpdateEvent {
  const { status, ...fields } = event;
  return { kind: 'status-update', ...cloneJson(fields), status: taskStatusToJsonRpc(status) };
}

/** 0.3 JSON-RPC status update → 0.3 REST; status losses are reported under `status`. */
export function taskStatusUpdateEventFromJsonRpc(
  event: v03.TaskStatusUpdateEvent,
  options: TranslateOptions = {},
): rest.TaskStatusUpdateEvent {
  const { kind: _, status, ...fields } = event;
  return { ...cloneJson(fields), status: taskStatusFromJsonRpc(status, at(options, 'status')) };
}

/** 0.3 REST artifact update → 0.3 JSON-RPC (adds `kind: "artifact-update"`); lossless. */
export function taskArtifactUpdateEventToJsonRpc(
  event: rest.TaskArtifactUpdateEvent,
): v03.TaskArtifactUpdateEvent {
  const { artifact, ...fields } = event;
  return { kind: 'artifact-update', ...cloneJson(fields), artifact: artifactToJsonRpc(artifact) };
}

/** 0.3 JSON-RPC artifact update → 0.3 REST; artifact losses are reported under `artifact`. */
export function taskArtifactUpdateEventFromJsonRpc(
  event: v03.TaskArtifactUpdateEvent,
  options: TranslateOptions = {},
): rest.TaskArtifactUpdateEvent {
  const { kind: _, artifact, ...fields } = event;
  return { ...cloneJson(fields), artifact: artifactFromJsonRpc(artifact, at(options, 'artifact')) };
}

/** 0.3 REST stream event (a oneof wrapper) → the bare 0.3 JSON-RPC event, told apart by `kind`; lossless. */
export function streamResponseToJsonRpc(event: rest.StreamResponse): v03.StreamEvent {
  if ('task' in event) return taskToJsonRpc(event.task);
  if ('message' in event) return messageToJsonRpc(event.message);
  if ('statusUpdate' in event) return taskStatusUpdateEventToJsonRpc(event.statusUpdate);
  return taskArtifactUpdateEventToJsonRpc(event.artifactUpdate);
}

/** 0.3 JSON-RPC stream event → the 0.3 REST wrapper; losses are reported under the member name (`task`, ...). */
export function streamResponseFromJsonRpc(
  event: v03.StreamEvent,
  options: TranslateOptions = {},
): rest.StreamResponse {
  switch (event.kind) {
    case 'task':
      return { task: taskFromJsonRpc(event, at(options, 'task')) };
    case 'message':
      return { message: messageFromJsonRpc(event, at(options, 'message')) };
    case 'status-update':
      return { statusUpdate: taskStatusUpdateEventFromJsonRpc(event, at(options, 'statusUpdate')) };
    case 'artifact-update':
      return { artifactUpdate: taskArtifactUpdateEventFromJsonRpc(event, at(options, 'artifactUpdate')) };
  }
}

/** 0.3 REST `message:send` reply (`{task}` / `{message}`) → the bare 0.3 JSON-RPC result; lossless. */
export function sendMessageResponseToJsonRpc(response: rest.SendMessageResponse): v03.SendMessageResult {
  return 'task' in response ? taskToJsonRpc(response.task) : messageToJsonRpc(response.message);
}

/** 0.3 JSON-RPC `message/send` result → the 0.3 REST wrapper; losses are reported under `task` or `message`. */
export function sendMessageResponseFromJsonRpc(
  result: v03.SendMessageResult,
  options: TranslateOptions = {},
): rest.SendMessageResponse {
  return result.kind === 'task'
    ? { task: taskFromJsonRpc(result, at(options, 'task')) }
    : { message: messageFromJsonRpc(result, at(options, 'message')) };
}

const MEMBER_OF_KIND = {
  task: 'task',
  message: 'message',
  'status-update': 'statusUpdate',
  'artifact-update': 'artifactUpdate',
} as const;

// Both sides of these translations report paths under the oneof member name, which the bare event lacks.
const inWrapper = (event: v03.StreamEvent) => ({ [MEMBER_OF_KIND[event.kind]]: event });

/** 0.3 REST status update → 1.0 via JSON-RPC; `final` is dropped (reported when its state does not imply it). */
export const taskStatusUpdateEventFromV03 = composeFromV03(
  taskStatusUpdateEventToJsonRpc,
  jsonRpcEvents.taskStatusUpdateEventFromV03,
);

/** 1.0 status update → 0.3 REST; `final` from `options.final`, else true for terminal and interrupted states. */
export const taskStatusUpdateEventToV03 = composeToV03(
  jsonRpcEvents.taskStatusUpdateEventToV03,
  taskStatusUpdateEventFromJsonRpc,
);

/** 0.3 REST artifact update → 1.0 via JSON-RPC. */
export const taskArtifactUpdateEventFromV03 = composeFromV03(
  taskArtifactUpdateEventToJsonRpc,
  jsonRpcEvents.taskArtifactUpdateEventFromV03,
);

/** 1.0 artifact update → 0.3 REST via JSON-RPC. */
export const taskArtifactUpdateEventToV03 = composeToV03(
  jsonRpcEvents.taskArtifactUpdateEventToV03,
  taskArtifactUpdateEventFromJsonRpc,
);

/** 0.3 REST stream event → 1.0 (same oneof member names) via JSON-RPC. */
export const streamResponseFromV03 = composeFromV03(
  streamResponseToJsonRpc,
  jsonRpcEvents.streamResponseFromV03,
  inWrapper,
);

/** 1.0 stream event → 0.3 REST via JSON-RPC; `options.final` applies to a status update. */
export const streamResponseToV03 = composeToV03(
  jsonRpcEvents.streamResponseToV03,
  streamResponseFromJsonRpc,
  inWrapper,
);

/** 0.3 REST `message:send` reply → 1.0 (same `{task}` / `{message}` wrapper) via JSON-RPC. */
export const sendMessageResponseFromV03 = composeFromV03(
  sendMessageResponseToJsonRpc,
  jsonRpcSend.sendMessageResponseFromV03,
  inWrapper,
);

/** 1.0 `SendMessageResponse` → 0.3 REST via JSON-RPC. */
export const sendMessageResponseToV03 = composeToV03(
  jsonRpcSend.sendMessageResponseToV03,
  sendMessageResponseFromJsonRpc,
  inWrapper,
);
