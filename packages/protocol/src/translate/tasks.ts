import type { Task, TaskStatus } from '../v1/task.ts';
import type * as v03 from '../v03/index.ts';
import { artifactFromV03, artifactToV03 } from './artifacts.ts';
import { optional, optionalCopy } from './copy.ts';
import { taskStateFromV03, taskStateToV03 } from './enums.ts';
import { at, lossTo03, requiredString, type TranslateOptions } from './loss.ts';
import { messageFromV03, messageToV03 } from './messages.ts';
import { timestampFromV03, timestampToV03 } from './timestamps.ts';

/** 0.3 task status → 1.0 (state, optional message and timestamp). */
export function taskStatusFromV03(status: v03.TaskStatus, options: TranslateOptions = {}): TaskStatus {
  return {
    state: taskStateFromV03(status.state),
    ...optional('message', status.message && messageFromV03(status.message, at(options, 'message'))),
    ...optional(
      'timestamp',
      status.timestamp && timestampFromV03(status.timestamp, at(options, 'timestamp')),
    ),
  };
}

/** 1.0 task status → 0.3. */
export function taskStatusToV03(status: TaskStatus, options: TranslateOptions = {}): v03.TaskStatus {
  return {
    state: taskStateToV03(status.state),
    ...optional('message', status.message && messageToV03(status.message, at(options, 'message'))),
    ...optional('timestamp', status.timestamp && timestampToV03(status.timestamp, at(options, 'timestamp'))),
  };
}

/** 0.3 task → 1.0 (drops `kind`); an empty 0.3 `contextId` is left out, as 1.0 reads `""` as unset. */
export function taskFromV03(task: v03.Task, options: TranslateOptions = {}): Task {
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

/** 1.0 task → 0.3 (adds `kind: "task"`); a missing `contextId`, REQUIRED in 0.3, is written as `""`. */
export function taskToV03(task: Task, options: TranslateOptions = {}): v03.Task {
  if (task.contextId === undefined || task.contextId === '') {
    lossTo03(options, 'contextId', '0.3 REQUIRES a contextId; the missing one is written as ""');
  }
  const artifacts = at(options, 'artifacts');
  const history = at(options, 'history');
  return {
    kind: 'task',
    id: task.id,
    contextId: task.contextId ?? '',
    status: taskStatusToV03(task.status, at(options, 'status')),
    ...optional(
      'history',
      task.history?.map((item, index) => messageToV03(item, at(history, index))),
    ),
    ...optional(
      'artifacts',
      task.artifacts?.map((item, index) => artifactToV03(item, at(artifacts, index))),
    ),
    ...optionalCopy('metadata', task.metadata),
  };
}
