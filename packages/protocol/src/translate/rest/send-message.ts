import type * as v03 from '../../v03/index.ts';
import type * as rest from '../../v03/rest/index.ts';
import { cloneJson, optional } from '../copy.ts';
import { at, lossTo03, type TranslateOptions } from '../loss.ts';
import * as jsonRpc from '../send-message.ts';
import { composeFromV03, composeToV03 } from './compose.ts';
import { messageFromJsonRpc, messageToJsonRpc } from './messages.ts';

const INT32_MAX = 2_147_483_647;

// 0.3 REST peers read a negative historyLength as no limit, as 0.3 JSON-RPC peers read 0 or none.
function historyLengthToJsonRpc(historyLength: number | undefined, options: TranslateOptions) {
  if (historyLength === undefined || historyLength >= 0) return historyLength;
  lossTo03(
    options,
    undefined,
    `0.3 REST historyLength ${historyLength} means no limit, which 0.3 JSON-RPC says by leaving it unset; left unset`,
  );
  return undefined;
}

function historyLengthFromJsonRpc(historyLength: number | undefined, options: TranslateOptions) {
  if (historyLength === undefined || historyLength <= INT32_MAX) return historyLength;
  lossTo03(options, undefined, `${historyLength} does not fit the 0.3 REST int32; clamped to ${INT32_MAX}`);
  return INT32_MAX;
}

/**
 * 0.3 REST send options → 0.3 JSON-RPC (`pushNotificationConfig`); a negative `historyLength` is left unset.
 * `blocking` is a plain proto3 bool there, so an absent one IS `false` (non-blocking), as the official SDK's
 * 0.3 REST client means it when it leaves the field out; 0.3 JSON-RPC says that explicitly.
 */
export function sendMessageConfigurationToJsonRpc(
  configuration: rest.SendMessageConfiguration,
  options: TranslateOptions = {},
): v03.MessageSendConfiguration {
  const { pushNotification, historyLength, blocking, ...fields } = configuration;
  return {
    ...cloneJson(fields),
    blocking: blocking ?? false,
    ...optional('historyLength', historyLengthToJsonRpc(historyLength, at(options, 'historyLength'))),
    ...optional('pushNotificationConfig', pushNotification && cloneJson(pushNotification)),
  };
}

/**
 * 0.3 JSON-RPC send options → 0.3 REST (`pushNotification`); a `historyLength` above int32 is clamped. An
 * absent JSON-RPC `blocking` means blocking, which 0.3 REST can only say as `blocking: true`.
 */
export function sendMessageConfigurationFromJsonRpc(
  configuration: v03.MessageSendConfiguration,
  options: TranslateOptions = {},
): rest.SendMessageConfiguration {
  const { pushNotificationConfig, historyLength, blocking, ...fields } = configuration;
  return {
    ...cloneJson(fields),
    blocking: blocking ?? true,
    ...optional('pushNotification', pushNotificationConfig && cloneJson(pushNotificationConfig)),
    ...optional('historyLength', historyLengthFromJsonRpc(historyLength, at(options, 'historyLength'))),
  };
}

/** 0.3 REST `message:send` / `message:stream` body → 0.3 JSON-RPC `MessageSendParams`. */
export function sendMessageRequestToJsonRpc(
  request: rest.SendMessageRequest,
  options: TranslateOptions = {},
): v03.MessageSendParams {
  const { message, configuration = {}, ...fields } = request;
  return {
    ...cloneJson(fields),
    message: messageToJsonRpc(message),
    configuration: sendMessageConfigurationToJsonRpc(configuration, at(options, 'configuration')),
  };
}

/** 0.3 JSON-RPC `MessageSendParams` → 0.3 REST send body; losses under `message` and `configuration`. */
export function sendMessageRequestFromJsonRpc(
  params: v03.MessageSendParams,
  options: TranslateOptions = {},
): rest.SendMessageRequest {
  const { message, configuration = {}, ...fields } = params;
  return {
    ...cloneJson(fields),
    message: messageFromJsonRpc(message, at(options, 'message')),
    configuration: sendMessageConfigurationFromJsonRpc(configuration, at(options, 'configuration')),
  };
}

/** 0.3 REST send options → 1.0 via JSON-RPC (`taskPushNotificationConfig`, `blocking` → `returnImmediately`). */
export const sendMessageConfigurationFromV03 = composeFromV03(
  sendMessageConfigurationToJsonRpc,
  jsonRpc.sendMessageConfigurationFromV03,
);

/** 1.0 send options → 0.3 REST via JSON-RPC. */
export const sendMessageConfigurationToV03 = composeToV03(
  jsonRpc.sendMessageConfigurationToV03,
  sendMessageConfigurationFromJsonRpc,
);

/** 0.3 REST `message:send` / `message:stream` body → 1.0 `SendMessageRequest` via JSON-RPC. */
export const sendMessageRequestFromV03 = composeFromV03(
  sendMessageRequestToJsonRpc,
  jsonRpc.sendMessageRequestFromV03,
);

/** 1.0 `SendMessageRequest` → 0.3 REST body via JSON-RPC; `tenant` is dropped. */
export const sendMessageRequestToV03 = composeToV03(
  jsonRpc.sendMessageRequestToV03,
  sendMessageRequestFromJsonRpc,
);
