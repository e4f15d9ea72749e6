import type { CancelTaskRequest, GetTaskRequest, SubscribeToTaskRequest } from '../v1/task-requests.ts';
import type * as v03 from '../v03/index.ts';
import { optional, optionalCopy } from './copy.ts';
import { historyLengthFromV03, historyLengthToV03 } from './history-length.ts';
import { at, dropMetadata, dropTenant, requiredString, type TranslateOptions } from './loss.ts';

/** 0.3 `TaskQueryParams` (`tasks/get`) → 1.0 `GetTaskRequest`; 1.0 has no request metadata. */
export function getTaskRequestFromV03(
  params: v03.TaskQueryParams,
  options: TranslateOptions = {},
): GetTaskRequest {
  dropMetadata(params.metadata, options);
  return {
    id: requiredString(options, 'id', params.id),
    ...optional('historyLength', historyLengthFromV03(params.historyLength, at(options, 'historyLength'))),
  };
}

/** 1.0 `GetTaskRequest` → 0.3 `TaskQueryParams`; `tenant` is dropped. */
export function getTaskRequestToV03(
  request: GetTaskRequest,
  options: TranslateOptions = {},
): v03.TaskQueryParams {
  dropTenant(request.tenant, options);
  return {
    id: request.id,
    ...optional('historyLength', historyLengthToV03(request.historyLength, at(options, 'historyLength'))),
  };
}

/** 0.3 `TaskIdParams` (`tasks/cancel`) → 1.0 `CancelTaskRequest`, metadata included. */
export function cancelTaskRequestFromV03(
  params: v03.TaskIdParams,
  options: TranslateOptions = {},
): CancelTaskRequest {
  return { id: requiredString(options, 'id', params.id), ...optionalCopy('metadata', params.metadata) };
}

/** 1.0 `CancelTaskRequest` → 0.3 `TaskIdParams`; `tenant` is dropped. */
export function cancelTaskRequestToV03(
  request: CancelTaskRequest,
  options: TranslateOptions = {},
): v03.TaskIdParams {
  dropTenant(request.tenant, options);
  return { id: request.id, ...optionalCopy('metadata', request.metadata) };
}

/** 0.3 `TaskIdParams` (`tasks/resubscribe`) → 1.0 `SubscribeToTaskRequest`; 1.0 has no request metadata. */
export function subscribeToTaskRequestFromV03(
  params: v03.TaskIdParams,
  options: TranslateOptions = {},
): SubscribeToTaskRequest {
  dropMetadata(params.metadata, options);
  return { id: requiredString(options, 'id', params.id) };
}

/** 1.0 `SubscribeToTaskRequest` → 0.3 `TaskIdParams`; `tenant` is dropped. */
export function subscribeToTaskRequestToV03(
  request: SubscribeToTaskRequest,
  options: TranslateOptions = {},
): v03.TaskIdParams {
  dropTenant(request.tenant, options);
  return { id: request.id };
}
