import type {
  DeleteTaskPushNotificationConfigRequest,
  GetTaskPushNotificationConfigRequest,
  ListTaskPushNotificationConfigsRequest,
  ListTaskPushNotificationConfigsResponse,
} from '../v1/push-config.ts';
import type * as v03 from '../v03/index.ts';
import {
  at,
  dropMetadata,
  dropTenant,
  lossTo1,
  lossTo03,
  requiredString,
  type TranslateOptions,
} from './loss.ts';
import { taskPushNotificationConfigFromV03, taskPushNotificationConfigToV03 } from './push-configs.ts';

/**
 * 0.3 get-push-config params (`{id, pushNotificationConfigId?}`) → 1.0 (`{taskId, id}`). Without a config id (the
 * deprecated bare `TaskIdParams` form) the config id is the task id: 0.3 servers store a config sent without id
 * under the task id (a2a-python), so this names the task's default config. Reported.
 */
export function getTaskPushNotificationConfigRequestFromV03(
  params: v03.GetTaskPushNotificationConfigParams,
  options: TranslateOptions = {},
): GetTaskPushNotificationConfigRequest {
  dropMetadata(params.metadata, options);
  const taskId = requiredString(options, 'id', params.id);
  const configId = params.pushNotificationConfigId;
  if (configId === undefined || configId === '') {
    lossTo1(options, 'pushNotificationConfigId', `1.0 REQUIRES a config id; the task id "${taskId}" is used`);
    return { taskId, id: taskId };
  }
  return { taskId, id: configId };
}

/** 1.0 get-push-config request → 0.3 params (`taskId` → `id`, `id` → `pushNotificationConfigId`). */
export function getTaskPushNotificationConfigRequestToV03(
  request: GetTaskPushNotificationConfigRequest,
  options: TranslateOptions = {},
): v03.GetTaskPushNotificationConfigParams {
  dropTenant(request.tenant, options);
  return { id: request.taskId, pushNotificationConfigId: request.id };
}

/** 0.3 list-push-configs params (`{id}`) → 1.0 (`{taskId}`). */
export function listTaskPushNotificationConfigsRequestFromV03(
  params: v03.ListTaskPushNotificationConfigParams,
  options: TranslateOptions = {},
): ListTaskPushNotificationConfigsRequest {
  dropMetadata(params.metadata, options);
  return { taskId: requiredString(options, 'id', params.id) };
}

/** 1.0 list-push-configs request → 0.3 params; `pageSize`, `pageToken` (0.3 lists are not paged) and `tenant` drop. */
export function listTaskPushNotificationConfigsRequestToV03(
  request: ListTaskPushNotificationConfigsRequest,
  options: TranslateOptions = {},
): v03.ListTaskPushNotificationConfigParams {
  dropTenant(request.tenant, options);
  for (const field of ['pageSize', 'pageToken'] as const) {
    if (request[field] !== undefined) {
      lossTo03(
        options,
        field,
        `0.3 lists are not paged; ${field} dropped (the 0.3 server returns every config)`,
      );
    }
  }
  return { id: request.taskId };
}

/** 0.3 delete-push-config params (`{id, pushNotificationConfigId}`) → 1.0 (`{taskId, id}`). */
export function deleteTaskPushNotificationConfigRequestFromV03(
  params: v03.DeleteTaskPushNotificationConfigParams,
  options: TranslateOptions = {},
): DeleteTaskPushNotificationConfigRequest {
  dropMetadata(params.metadata, options);
  return {
    taskId: requiredString(options, 'id', params.id),
    id: requiredString(options, 'pushNotificationConfigId', params.pushNotificationConfigId),
  };
}

/** 1.0 delete-push-config request → 0.3 params. */
export function deleteTaskPushNotificationConfigRequestToV03(
  request: DeleteTaskPushNotificationConfigRequest,
  options: TranslateOptions = {},
): v03.DeleteTaskPushNotificationConfigParams {
  dropTenant(request.tenant, options);
  return { id: request.taskId, pushNotificationConfigId: request.id };
}

/** 0.3 list result (a bare array) → 1.0 `{configs}` (no `nextPageToken`: the one page is the last). */
export function listTaskPushNotificationConfigsResponseFromV03(
  list: v03.TaskPushNotificationConfigList,
  options: TranslateOptions = {},
): ListTaskPushNotificationConfigsResponse {
  return {
    configs: list.map((config, index) => taskPushNotificationConfigFromV03(config, at(options, index))),
  };
}

/** 1.0 `{configs, nextPageToken}` → 0.3 bare array; a non-empty `nextPageToken` (more pages) has no 0.3 form. */
export function listTaskPushNotificationConfigsResponseToV03(
  response: ListTaskPushNotificationConfigsResponse,
  options: TranslateOptions = {},
): v03.TaskPushNotificationConfigList {
  if (response.nextPageToken !== undefined && response.nextPageToken !== '') {
    lossTo03(
      options,
      'nextPageToken',
      '0.3 lists are not paged; the token is dropped and later pages are not listed',
    );
  }
  const configs = at(options, 'configs');
  return (response.configs ?? []).map((config, index) =>
    taskPushNotificationConfigToV03(config, at(configs, index)),
  );
}
