import type { AuthenticationInfo, TaskPushNotificationConfig } from '../v1/push-config.ts';
import type * as v03 from '../v03/index.ts';
import { optional } from './copy.ts';
import { at, dropTenant, lossTo1, lossTo03, requiredString, type TranslateOptions } from './loss.ts';

/**
 * 0.3 push authentication → 1.0. 1.0 has one `scheme`: the first of several `schemes` is kept; with none (or an
 * empty first one) there is nothing to send as `Authorization`, so the result is `undefined` (authentication left
 * out). Both are reported.
 */
export function authenticationInfoFromV03(
  authentication: v03.PushNotificationAuthenticationInfo,
  options: TranslateOptions = {},
): AuthenticationInfo | undefined {
  const [scheme, ...rest] = authentication.schemes;
  if (scheme === undefined || scheme === '') {
    lossTo1(options, 'schemes', '1.0 REQUIRES one scheme and 0.3 named none; authentication left out');
    return undefined;
  }
  if (rest.length > 0) {
    lossTo1(options, 'schemes', `1.0 has one scheme; kept "${scheme}", dropped ${JSON.stringify(rest)}`);
  }
  return { scheme, ...optional('credentials', authentication.credentials) };
}

/** 1.0 push authentication → 0.3 (`scheme` → `schemes: [scheme]`). */
export function authenticationInfoToV03(
  authentication: AuthenticationInfo,
): v03.PushNotificationAuthenticationInfo {
  return { schemes: [authentication.scheme], ...optional('credentials', authentication.credentials) };
}

/** 0.3 webhook config (the inline `configuration.pushNotificationConfig`) → 1.0 flattened config without task id. */
export function pushNotificationConfigFromV03(
  config: v03.PushNotificationConfig,
  options: TranslateOptions = {},
): TaskPushNotificationConfig {
  const authentication = config.authentication;
  return {
    ...optional('id', config.id),
    url: requiredString(options, 'url', config.url),
    ...optional('token', config.token),
    ...optional(
      'authentication',
      authentication && authenticationInfoFromV03(authentication, at(options, 'authentication')),
    ),
  };
}

/** 1.0 config → 0.3 inline webhook config; `taskId` and `tenant` have no place there and are dropped. */
export function pushNotificationConfigToV03(
  config: TaskPushNotificationConfig,
  options: TranslateOptions = {},
): v03.PushNotificationConfig {
  dropTenant(config.tenant, options);
  if (config.taskId !== undefined && config.taskId !== '') {
    lossTo03(options, 'taskId', '0.3 inline push configs have no taskId (the task is implied); dropped');
  }
  return webhookToV03(config);
}

function webhookToV03(config: TaskPushNotificationConfig): v03.PushNotificationConfig {
  return {
    ...optional('id', config.id),
    url: config.url,
    ...optional('token', config.token),
    ...optional('authentication', config.authentication && authenticationInfoToV03(config.authentication)),
  };
}

/**
 * 0.3 `TaskPushNotificationConfig` (`{taskId, pushNotificationConfig}`, params of `tasks/pushNotificationConfig/set`)
 * → 1.0 flattened config; an empty 0.3 `taskId` is left out.
 */
export function taskPushNotificationConfigFromV03(
  config: v03.TaskPushNotificationConfig,
  options: TranslateOptions = {},
): TaskPushNotificationConfig {
  const flattened = pushNotificationConfigFromV03(
    config.pushNotificationConfig,
    at(options, 'pushNotificationConfig'),
  );
  return { ...optional('taskId', config.taskId === '' ? undefined : config.taskId), ...flattened };
}

/** 1.0 flattened config → 0.3 nested config; a missing `taskId` (REQUIRED in 0.3) is written as `""`. */
export function taskPushNotificationConfigToV03(
  config: TaskPushNotificationConfig,
  options: TranslateOptions = {},
): v03.TaskPushNotificationConfig {
  dropTenant(config.tenant, options);
  if (config.taskId === undefined || config.taskId === '') {
    lossTo03(options, 'taskId', '0.3 REQUIRES a taskId; the missing one is written as ""');
  }
  return { taskId: config.taskId ?? '', pushNotificationConfig: webhookToV03(config) };
}
