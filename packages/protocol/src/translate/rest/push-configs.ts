import type {
  ListTaskPushNotificationConfigsResponse,
  TaskPushNotificationConfig,
} from '../../v1/push-config.ts';
import * as rest from '../../v03/rest/index.ts';
import { optional } from '../copy.ts';
import { at, dropTenant, lossTo1, lossTo03, type TranslateOptions } from '../loss.ts';
import { pushNotificationConfigFromV03, pushNotificationConfigToV03 } from '../push-configs.ts';

/** The task id written into a 0.3 REST resource name for a 1.0 config without one (the AIP-159 wildcard). */
export const UNKNOWN_TASK_ID = '-';

/**
 * 0.3 REST push config (`{name: "tasks/{taskId}/pushNotificationConfigs/{configId}", pushNotificationConfig}`) →
 * 1.0: `taskId` from the name, `id` from the config or else from the name (a config id in both that differs is
 * reported; the config's wins).
 */
export function taskPushNotificationConfigFromV03(
  config: rest.TaskPushNotificationConfig,
  options: TranslateOptions = {},
): TaskPushNotificationConfig {
  const named = rest.parsePushConfigName(config.name);
  const inner = pushNotificationConfigFromV03(
    config.pushNotificationConfig,
    at(options, 'pushNotificationConfig'),
  );
  const nameId = named?.configId === '' ? undefined : named?.configId;
  if (nameId !== undefined && inner.id !== undefined && inner.id !== nameId) {
    lossTo1(
      options,
      'name',
      `names config "${nameId}" but the config says "${inner.id}"; the config's id is kept`,
    );
  }
  return { ...optional('taskId', named?.taskId), ...optional('id', inner.id ?? nameId), ...inner };
}

/** 1.0 push config → 0.3 REST with a resource name; a missing `taskId` is named `-` and reported. */
export function taskPushNotificationConfigToV03(
  config: TaskPushNotificationConfig,
  options: TranslateOptions = {},
): rest.TaskPushNotificationConfig {
  dropTenant(config.tenant, options);
  if (config.taskId === undefined || config.taskId === '') {
    lossTo03(
      options,
      'taskId',
      `0.3 REST names a config by its task; the missing task id is written as "${UNKNOWN_TASK_ID}"`,
    );
  }
  const { taskId: _, tenant: __, ...webhook } = config;
  return {
    name: rest.pushConfigName(config.taskId || UNKNOWN_TASK_ID, config.id ?? ''),
    pushNotificationConfig: pushNotificationConfigToV03(webhook),
  };
}

/** 0.3 REST push config list → 1.0 (`nextPageToken` kept). */
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

/** 1.0 push config list → 0.3 REST (same paging fields). */
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
