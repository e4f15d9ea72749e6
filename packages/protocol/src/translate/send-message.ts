import type {
  SendMessageConfiguration,
  SendMessageRequest,
  SendMessageResponse,
} from '../v1/send-message.ts';
import type * as v03 from '../v03/index.ts';
import { optional, optionalCopy } from './copy.ts';
import { historyLengthFromV03, historyLengthToV03 } from './history-length.ts';
import { at, dropTenant, type TranslateOptions } from './loss.ts';
import { messageFromV03, messageToV03 } from './messages.ts';
import { pushNotificationConfigFromV03, pushNotificationConfigToV03 } from './push-configs.ts';
import { taskFromV03, taskToV03 } from './tasks.ts';

/**
 * 0.3 send configuration → 1.0. `blocking` becomes `returnImmediately` with inverted polarity; an absent `blocking`
 * stays absent, which both versions read as blocking (a2a-python 1.0 compat does the same; a2a-js 1.0 compat maps it
 * to `returnImmediately: true`, against the 0.3 SDKs' own blocking default).
 */
export function sendMessageConfigurationFromV03(
  configuration: v03.MessageSendConfiguration,
  options: TranslateOptions = {},
): SendMessageConfiguration {
  const push = configuration.pushNotificationConfig;
  return {
    ...optionalCopy('acceptedOutputModes', configuration.acceptedOutputModes),
    ...optional(
      'taskPushNotificationConfig',
      push && pushNotificationConfigFromV03(push, at(options, 'pushNotificationConfig')),
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

/** 1.0 send configuration → 0.3 (`returnImmediately` → inverted `blocking`, absent stays absent). */
export function sendMessageConfigurationToV03(
  configuration: SendMessageConfiguration,
  options: TranslateOptions = {},
): v03.MessageSendConfiguration {
  const push = configuration.taskPushNotificationConfig;
  const returnImmediately = configuration.returnImmediately;
  return {
    ...optionalCopy('acceptedOutputModes', configuration.acceptedOutputModes),
    ...optional(
      'historyLength',
      historyLengthToV03(configuration.historyLength, at(options, 'historyLength')),
    ),
    ...optional(
      'pushNotificationConfig',
      push && pushNotificationConfigToV03(push, at(options, 'taskPushNotificationConfig')),
    ),
    ...optional('blocking', returnImmediately === undefined ? undefined : !returnImmediately),
  };
}

/** 0.3 `MessageSendParams` (`message/send`, `message/stream`) → 1.0 `SendMessageRequest`. */
export function sendMessageRequestFromV03(
  params: v03.MessageSendParams,
  options: TranslateOptions = {},
): SendMessageRequest {
  const configuration = params.configuration;
  return {
    message: messageFromV03(params.message, at(options, 'message')),
    ...optional(
      'configuration',
      configuration && sendMessageConfigurationFromV03(configuration, at(options, 'configuration')),
    ),
    ...optionalCopy('metadata', params.metadata),
  };
}

/** 1.0 `SendMessageRequest` → 0.3 `MessageSendParams`; a `tenant` has no 0.3 form and is dropped. */
export function sendMessageRequestToV03(
  request: SendMessageRequest,
  options: TranslateOptions = {},
): v03.MessageSendParams {
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

/** 0.3 `message/send` result (a bare Task or Message) → 1.0 `SendMessageResponse` (`{task}` or `{message}`). */
export function sendMessageResponseFromV03(
  result: v03.SendMessageResult,
  options: TranslateOptions = {},
): SendMessageResponse {
  return result.kind === 'task'
    ? { task: taskFromV03(result, at(options, 'task')) }
    : { message: messageFromV03(result, at(options, 'message')) };
}

/** 1.0 `SendMessageResponse` → the bare 0.3 Task or Message. */
export function sendMessageResponseToV03(
  response: SendMessageResponse,
  options: TranslateOptions = {},
): v03.SendMessageResult {
  return 'task' in response
    ? taskToV03(response.task, at(options, 'task'))
    : messageToV03(response.message, at(options, 'message'));
}
