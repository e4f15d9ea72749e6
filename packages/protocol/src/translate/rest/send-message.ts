import type { SendMessageConfiguration, SendMessageRequest } from '../../v1/send-message.ts';
import type * as rest from '../../v03/rest/index.ts';
import { optional, optionalCopy } from '../copy.ts';
import { historyLengthFromV03, historyLengthToV03 } from '../history-length.ts';
import { at, dropTenant, type TranslateOptions } from '../loss.ts';
import { pushNotificationConfigFromV03, pushNotificationConfigToV03 } from '../push-configs.ts';
import { messageFromV03, messageToV03 } from './messages.ts';

/** 0.3 REST send options → 1.0 (`pushNotification` → `taskPushNotificationConfig`, `blocking` inverted). */
export function sendMessageConfigurationFromV03(
  configuration: rest.SendMessageConfiguration,
  options: TranslateOptions = {},
): SendMessageConfiguration {
  const push = configuration.pushNotification;
  return {
    ...optionalCopy('acceptedOutputModes', configuration.acceptedOutputModes),
    ...optional(
      'taskPushNotificationConfig',
      push && pushNotificationConfigFromV03(push, at(options, 'pushNotification')),
    ),
    ...optional(
      'historyLength',
      historyLengthFromV03(configuration.historyLength, at(options, 'historyLength')),
    ),
    ...optional(
      'returnImmediately',
      configuration.blocking === undefined ? undefined : !configuration.blocking,
    ),
  };
}

/** 1.0 send options → 0.3 REST. */
export function sendMessageConfigurationToV03(
  configuration: SendMessageConfiguration,
  options: TranslateOptions = {},
): rest.SendMessageConfiguration {
  const push = configuration.taskPushNotificationConfig;
  const returnImmediately = configuration.returnImmediately;
  return {
    ...optionalCopy('acceptedOutputModes', configuration.acceptedOutputModes),
    ...optional(
      'pushNotification',
      push && pushNotificationConfigToV03(push, at(options, 'taskPushNotificationConfig')),
    ),
    ...optional(
      'historyLength',
      historyLengthToV03(configuration.historyLength, at(options, 'historyLength')),
    ),
    ...optional('blocking', returnImmediately === undefined ? undefined : !returnImmediately),
  };
}

/** 0.3 REST `message:send` / `message:stream` body → 1.0 `SendMessageRequest`. */
export function sendMessageRequestFromV03(
  request: rest.SendMessageRequest,
  options: TranslateOptions = {},
): SendMessageRequest {
  const configuration = request.configuration;
  return {
    message: messageFromV03(request.message, at(options, 'message')),
    ...optional(
      'configuration',
      configuration && sendMessageConfigurationFromV03(configuration, at(options, 'configuration')),
    ),
    ...optionalCopy('metadata', request.metadata),
  };
}

/** 1.0 `SendMessageRequest` → 0.3 REST body; `tenant` is dropped. */
export function sendMessageRequestToV03(
  request: SendMessageRequest,
  options: TranslateOptions = {},
): rest.SendMessageRequest {
  dropTenant(request.tenant, options);
  const configuration = request.configuration;
  return {
    message: messageToV03(request.message, at(options, 'message')),
    ...optional(
      'configuration',
      configuration && sendMessageConfigurationToV03(configuration, at(options, 'configuration')),
    ),
    ...optionalCopy('metadata', request.metadata),
  };
}
