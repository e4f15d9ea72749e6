import type { TaskState } from '../../v1/task-state.ts';
import type * as v03 from '../../v03/index.ts';
import type * as rest from '../../v03/rest/index.ts';
import { cloneJson, optional } from '../copy.ts';
import * as jsonRpcEnums from '../enums.ts';
import { at, type TranslateOptions } from '../loss.ts';
import * as jsonRpcTasks from '../tasks.ts';
import { composeFromV03, composeToV03 } from './compose.ts';
import { artifactFromJsonRpc, artifactToJsonRpc, messageFromJsonRpc, messageToJsonRpc } from './messages.ts';

// The 0.3 proto numbers and names its task states as 1.0 does, except for `TASK_STATE_CANCELLED`, so the
// JSON-RPC names come from the JSON-RPC ↔ 1.0 table.
function asV1State(state: rest.TaskState): TaskState {
  return state === 'TASK_STATE_CANCELLED' ? 'TASK_STATE_CANCELED' : state;
}

function asRestState(state: TaskState): rest.TaskState {
  return state === 'TASK_STATE_CANCELED' ? 'TASK_STATE_CANCELLED' : state;
}

/** 0.3 REST task state → 0.3 JSON-RPC (`TASK_STATE_CANCELLED` → `canceled`, `..._UNSPECIFIED` → `unknown`). */
export function taskStateToJsonRpc(state: rest.TaskState): v03.TaskState {
  return jsonRpcEnums.taskStateToV03(asV1State(state));
}

/** 0.3 JSON-RPC task state → 0.3 REST (`input-required` → `TASK_STATE_INPUT_REQUIRED`, ...). */
export function taskStateFromJsonRpc(state: v03.TaskState): rest.TaskState {
  return asRestState(jsonRpcEnums.taskStateFromV03(state));
}

/** 0.3 REST task status → 0.3 JSON-RPC; lossless. */
export function taskStatusToJsonRpc(status: rest.TaskStatus): v03.TaskStatus {
  const { state, message, ...fields } = status;
  return {
    ...fields,
    state: taskStateToJsonRpc(state),
    ...optional('message', message && messageToJsonRpc(message)),
  };
}

/** 0.3 JSON-RPC task status → 0.3 REST; message losses are reported under `message`. */
export function taskStatusFromJsonRpc(
  status: v03.TaskStatus,
  options: TranslateOptions = {},
): rest.TaskStatus {
  const { state, message, ...fields } = status;
  return {
    ...fields,
    state: taskStateFromJsonRpc(state),
    ...optional('message', message && messageFromJsonRpc(message, at(options, 'message'))),
  };
}

/** 0.3 REST task → 0.3 JSON-RPC (adds `kind: "task"`); lossless. */
export function taskToJsonRpc(task: rest.Task): v03.Task {
  const { status, artifacts, history, ...fields } = task;
  return {
    kind: 'task',
    ...cloneJson(fields),
    status: taskStatusToJsonRpc(status),
    ...optional(
      'artifacts',
      artifacts?.map((artifact) => artifactToJsonRpc(artifact)),
    ),
    ...optional(
      'history',
      history?.map((message) => messageToJsonRpc(message)),
    ),
  };
}

/** 0.3 JSON-RPC task → 0.3 REST; losses are reported under `status`, `artifacts[i]` and `history[i]`. */
export function taskFromJsonRpc(task: v03.Task, options: TranslateOptions = {}): rest.Task {
  const { kind: _, status, artifacts, history, ...fields } = task;
  const artifactOptions = at(options, 'artifacts');
  const historyOptions = at(options, 'history');
  return {
    ...cloneJson(fields),
    status: taskStatusFromJsonRpc(status, at(options, 'status')),
    ...optional(
      'artifacts',
      artifacts?.map((artifact, index) => artifactFromJsonRpc(artifact, at(artifactOptions, index))),
    ),
    ...optional(
      'history',
      history?.map((message, index) => messageFromJsonRpc(message, at(historyOptions, index))),
    ),
  };
}

/** 0.3 REST task state → 1.0 (`TASK_STATE_CANCELLED` → `TASK_STATE_CANCELED`; the other names are the same). */
export function taskStateFromV03(state: rest.TaskState): TaskState {
  return jsonRpcEnums.taskStateFromV03(taskStateToJsonRpc(state));
}

/** 1.0 task state → 0.3 REST (`TASK_STATE_CANCELED` → `TASK_STATE_CANCELLED`). */
export function taskStateToV03(state: TaskState): rest.TaskState {
  return taskStateFromJsonRpc(jsonRpcEnums.taskStateToV03(state));
}

/** 0.3 REST task status → 1.0 via JSON-RPC. */
export const taskStatusFromV03 = composeFromV03(taskStatusToJsonRpc, jsonRpcTasks.taskStatusFromV03);

/** 1.0 task status → 0.3 REST via JSON-RPC. */
export const taskStatusToV03 = composeToV03(jsonRpcTasks.taskStatusToV03, taskStatusFromJsonRpc);

/** 0.3 REST task → 1.0 via JSON-RPC; an empty `contextId` is left out. */
export const taskFromV03 = composeFromV03(taskToJsonRpc, jsonRpcTasks.taskFromV03);

/** 1.0 task → 0.3 REST via JSON-RPC; a missing `contextId` is written as `""` and reported. */
export const taskToV03 = composeToV03(jsonRpcTasks.taskToV03, taskFromJsonRpc);
