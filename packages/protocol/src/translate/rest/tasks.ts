import type { Task, TaskStatus } from '../../v1/task.ts';
import type { TaskState } from '../../v1/task-state.ts';
import type * as rest from '../../v03/rest/index.ts';
import { optional, optionalCopy } from '../copy.ts';
import { at, lossTo03, requiredString, type TranslateOptions } from '../loss.ts';
import { timestampFromV03, timestampToV03 } from '../timestamps.ts';
import { artifactFromV03, artifactToV03, messageFromV03, messageToV03 } from './messages.ts';

/** 0.3 REST task state → 1.0 (`TASK_STATE_CANCELLED` → `TASK_STATE_CANCELED`; the other names are the same). */
export function taskStateFromV03(state: rest.TaskState): TaskState {
  return state === 'TASK_STATE_CANCELLED' ? 'TASK_STATE_CANCELED' : state;
}

/** 1.0 task state → 0.3 REST (`TASK_STATE_CANCELED` → `TASK_STATE_CANCELLED`). */
export function taskStateToV03(state: TaskState): rest.TaskState {
  return state === 'TASK_STATE_CANCELED' ? 'TASK_STATE_CANCELLED' : state;
}

/** 0.3 REST task status → 1.0. */
export function taskStatusFromV03(status: rest.TaskStatus, options: TranslateOptions = {}): TaskStatus {
  return {
    state: taskStateFromV03(status.state),
    ...optional('message', status.message && messageFromV03(status.message, at(options, 'message'))),
    ...optional(
      'timestamp',
      status.timestamp && timestampFromV03(status.timestamp, at(options, 'timestamp')),
    ),
  };
}

/** 1.0 task status → 0.3 REST. */
export function taskStatusToV03(status: TaskStatus, options: TranslateOptions = {}): rest.TaskStatus {
  return {
    state: taskStateToV03(status.state),
    ...optional('message', status.message && messageToV03(status.message, at(options, 'message'))),
    ...optional('timestamp', status.timestamp && timestampToV03(status.timestamp, at(options, 'timestamp'))),
  };
}

/** 0.3 REST task → 1.0; an empty `contextId` is left out. */
export function taskFromV03(task: rest.Task, options: TranslateOptions = {}): Task {
  const artifacts = at(options, 'artifacts');
  const history = at(options, 'history');
  return {
    id: requiredString(options, 'id', task.id),
    ...optional('contextId', task.contextId === '' ? undefined : task.contextId),
    status: taskStatusFromV03(task.status, at(options, 'status')),
    ...optional(
      'artifacts',
      task.artifacts?.map((item, index) => artifactFromV03(item, at(artifacts, index))),
    ),
    ...optional(
      'history',
      task.history?.map((item, index) => messageFromV03(item, at(history, index))),
    ),
    ...optionalCopy('metadata', task.metadata),
  };
}

/** 1.0 task → 0.3 REST; a missing `contextId` is written as `""` and reported. */
export function taskToV03(task: Task, options: TranslateOptions = {}): rest.Task {
  if (task.contextId === undefined || task.contextId === '') {
    lossTo03(options, 'contextId', '0.3 REQUIRES a contextId; the missing one is written as ""');
  }
  const artifacts = at(options, 'artifacts');
  const history = at(options, 'history');
  return {
    id: task.id,
    contextId: task.contextId ?? '',
    status: taskStatusToV03(task.status, at(options, 'status')),
    ...optional(
      'artifacts',
      task.artifacts?.map((item, index) => artifactToV03(item, at(artifacts, index))),
    ),
    ...optional(
      'history',
      task.history?.map((item, index) => messageToV03(item, at(history, index))),
    ),
    ...optionalCopy('metadata', task.metadata),
  };
}
