import type { ListTaskPushNotificationConfigsResponse } from '../../v1/push-config.ts';
import type * as v03 from '../../v03/index.ts';
import type * as rest from '../../v03/rest/index.ts';
import { parsePushConfigName, pushConfigName } from '../../v03/rest/push-config-name.ts';
import { cloneJson, optional } from '../copy.ts';
import { at, lossTo03, type TranslateOptions } from '../loss.ts';
import * as jsonRpc from '../push-configs.ts';
import { composeFromV03, composeToV03 } from './compose.ts';

/** The task id of a 0.3 REST resource name for a config without one (the AIP-159 wildcard; read back as none). */
export const UNKNOWN_TASK_ID = '-';

/**
 * 0.3 REST push config (`{name: "tasks/{taskId}/pushNotificationConfigs/{configId}", pushNotificationConfig}`) →
 * 0.3 JSON-RPC (`{taskId, pushNotificationConfig}`): the task id from the name (`-` reads as `""`), the config
 * id from the config or else from the name; a config id in both that differs is reported (the config's wins).
 */
export function taskPushNotificationConfigToJsonRpc(
  config: rest.TaskPushNotificationConfig,
  options: TranslateOptions = {},
): v03.TaskPushNotificationConfig {
  const named = parsePushConfigName(config.name);
  const webhook = cloneJson(config.pushNotificationConfig);
  const nameId = named?.configId === '' ? undefined : named?.configId;
  if (nameId !== undefined && webhook.id !== undefined && webhook.id !== nameId) {
    lossTo03(
      options,
      'name',
      `names config "${nameId}" but the config says "${webhook.id}"; the config's id is kept`,
    );
  }
  const taskId = named === undefined || named.taskId === UNKNOWN_TASK_ID ? '' : named.taskId;
  return { taskId, pushNotificationConfig: { ...optional('id', nameId), ...webhook } };
}

/**
 * 0.3 JSON-RPC push config → 0.3 REST, named `tasks/{taskId}/pushNotificationConfigs/{id}`; an empty task id is
 * named `-` and an absent config id left empty (as a2a-js does). A task id `-` reads back as `""` (reported).
 */
export function taskPushNotificationConfigFromJsonRpc(
  config: v03.TaskPushNotificationConfig,
  options: TranslateOptions = {},
): rest.TaskPushNotificationConfig {
  if (config.taskId === UNKNOWN_TASK_ID) {
    lossTo03(options, 'taskId', `is the wildcard of 0.3 REST resource names; it reads back as no task id`);
  }
  const webhook = cloneJson(config.pushNotificationConfig);
  return {
    name: pushConfigName(config.taskId || UNKNOWN_TASK_ID, webhook.id ?? ''),
    pushNotificationConfig: webhook,
  };
}

/** 0.3 REST push config list → the bare 0.3 JSON-RPC list; a non-empty `nextPageToken` is dropped (reported). */
export function listTaskPushNotificationConfigsResponseToJsonRpc(
  response: rest.ListTaskPushNotificationConfigResponse,
  options: TranslateOptions = {},
): v03.TaskPushNotificationConfigList {
  if (response.nextPageToken !== undefined && response.nextPageToken !== '') {
    lossTo03(options, 'nextPageToken', '0.3 JSON-RPC lists are not paged; the token is dropped');
  }
  const configs = at(options, 'configs');
  return response.configs.map((config, index) =>
    taskPushNotificationConfigToJsonRpc(config, at(configs, index)),
  );
}

/** The bare 0.3 JSON-RPC push config list → 0.3 REST `{configs}`; losses are reported under `[i]`. */
export function listTaskPushNotificationConfigsResponseFromJsonRpc(
  list: v03.TaskPushNotificationConfigList,
  options: TranslateOptions = {},
): rest.ListTaskPushNotificationConfigResponse {
  return {
    configs: list.map((config, index) => taskPushNotificationConfigFromJsonRpc(config, at(options, index))),
  };
}

/** 0.3 REST push config → 1.0 via JSON-RPC (`taskId`, and `id` if the config lacks one, from the name). */
export const taskPushNotificationConfigFromV03 = composeFromV03(
  taskPushNotificationConfigToJsonRpc,
  jsonRpc.taskPushNotificationConfigFromV03,
);

/** 1.0 push config → 0.3 REST with a resource name via JSON-RPC; a missing `taskId` is named `-` and reported. */
export const taskPushNotificationConfigToV03 = composeToV03(
  jsonRpc.taskPushNotificationConfigToV03,
  taskPushNotificationConfigFromJsonRpc,
);

/** 0.3 REST push config list → 1.0, config by config; `nextPageToken` is kept (both versions page). */
export function listTaskPushNotificationConfigsResponseFromV03(
  response: rest.ListTaskPushNotificationConfigResponse,
  options: TranslateOptions = {},
): ListTaskPushNotificationConfigsResponse {
  const configs = at(options, 'configs');
  return {
    configs: response.configs.map((config, index) =>
      taskPushNotificationConfigFromV03(config, at(configs, index)),
    ),
    ...optional('nextPageToken', response.nextPageToken),
  };
}

/** 1.0 push config list → 0.3 REST, config by config; `nextPageToken` is kept. */
export function listTaskPushNotificationConfigsResponseToV03(
  response: ListTaskPushNotificationConfigsResponse,
  options: TranslateOptions = {},
): rest.ListTaskPushNotificationConfigResponse {
  const configs = at(options, 'configs');
  return {
    configs: (response.configs ?? []).map((config, index) =>
      taskPushNotificationConfigToV03(config, at(configs, index)),
    ),
    ...optional('nextPageToken', response.nextPageToken),
  };
}
