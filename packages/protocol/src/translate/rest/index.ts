/**
 * Translation of the A2A 0.3 HTTP+JSON (REST) bodies, the ProtoJSON of the 0.3 proto (`v03.rest`), in two layers.
 *
 * **0.3 REST ↔ 0.3 JSON-RPC**, `xToJsonRpc(restValue, options?)` and `xFromJsonRpc(jsonRpcValue, options?)`: the two
 * encodings of the one 0.3 model. `content` ↔ `parts`; `TASK_STATE_CANCELLED` ↔ `canceled` and the other state and
 * role names; `{file: {fileWithUri | fileWithBytes, mimeType}}` ↔ `{kind: "file", file: {uri | bytes, mimeType}}`;
 * `{data: {data}}` ↔ `{kind: "data", data}`; oneof wrappers (`{task}`, `{statusUpdate}`, ...) ↔ `kind`; security
 * scheme wrappers ↔ `type` (API key `location` ↔ `in`); `{schemes: {name: {list}}}` ↔ `{name: scopes}`; the push
 * config resource `name` ↔ `taskId` + `pushNotificationConfig.id`; send option `pushNotification` ↔
 * `pushNotificationConfig`; a push config list `{configs, nextPageToken}` ↔ the bare list.
 *
 * **0.3 REST ↔ 1.0**, `xFromV03` / `xToV03` with the options and fallbacks of `translate`: that layer composed with
 * the JSON-RPC translation, `taskFromV03(task) = translate.taskFromV03(taskToJsonRpc(task))` and
 * `taskToV03(task) = taskFromJsonRpc(translate.taskToV03(task))`. Each step reports its own losses, the JSON-RPC
 * ↔ 1.0 ones first going to REST and last coming from it, all at paths into the value given (the step that reads
 * the intermediate JSON-RPC value has its paths rewritten: a REST message's `content`, a 1.0 part's `filename`, a
 * scheme field under its oneof member). Push config lists go config by config and keep `nextPageToken`, which both
 * REST and 1.0 have.
 *
 * What one 0.3 encoding cannot carry from the other (`path` relative to the translated value):
 *
 * | Direction | Case (path) | Fallback |
 * |---|---|---|
 * | JSON-RPC → REST | part `metadata` (the 0.3 proto part has none) | dropped; a `data_part_compat` wrap then reads back as its `{ value }` object |
 * | JSON-RPC → REST | file part `file.name` | dropped |
 * | JSON-RPC → REST | message `referenceTaskIds` | dropped |
 * | JSON-RPC → REST | card `iconUrl`, `capabilities.stateTransitionHistory` | dropped |
 * | JSON-RPC → REST | OAuth scheme with several flows (`flows.<name>`) | first of authorizationCode, clientCredentials, implicit, password kept |
 * | JSON-RPC → REST | OAuth scheme with no flow (`flows`) | scheme left out of `securitySchemes` |
 * | JSON-RPC → REST | push config `taskId` `"-"` (the resource-name wildcard) | named `-`; reads back as `""` |
 * | JSON-RPC → REST | `historyLength` above int32 | clamped to 2147483647 |
 * | REST → JSON-RPC | push config whose resource name and config disagree on the config id (`name`) | the config's id kept |
 * | REST → JSON-RPC | negative `historyLength` (no limit for 0.3 REST peers) | left unset (no limit for JSON-RPC peers) |
 * | REST → JSON-RPC | API key `location` other than query/header/cookie (`apiKeySecurityScheme.location`) | `header` |
 * | REST → JSON-RPC | push config list with a non-empty `nextPageToken` | dropped |
 *
 * Through 1.0 this adds, to the JSON-RPC table of `translate`: 1.0 → REST drops part `metadata` and `filename`,
 * message `referenceTaskIds` and card `iconUrl`, and leaves out an OAuth scheme whose flow is `deviceCode` (reported
 * twice: the flow has no 0.3 form, then the flow-less scheme has no REST form); REST → 1.0 reports a name/config id
 * mismatch and a negative `historyLength`. A REST API key location other than query/header/cookie becomes `header`
 * both ways, as it does for JSON-RPC.
 *
 * Never a fallback, always a `TranslationError`: a JSON-RPC card signature with an empty `protected` or `signature`,
 * which the 0.3 proto REQUIRES (REST → 1.0 meets it as a schema error; 1.0 cannot send it).
 *
 * Normalizations (not reported): a push config task id `""` is named `-`, and `-` reads back as `""` (1.0: unset);
 * a config id only in the resource name comes back in the config too, and a config without id is named with an
 * empty config id (as a2a-js); a data part without `data.data` reads as `{}`; URL-safe base64 in `fileWithBytes` is
 * written in the standard alphabet JSON-RPC requires (same bytes); an extension without `uri` (ProtoJSON's empty
 * one) reads as `uri: ""`.
 *
 * Path parameters (task id, config id, `historyLength` query) are not bodies and are left to the JSON-RPC request
 * translators.
 */
export {
  agentCapabilitiesFromJsonRpc,
  agentCapabilitiesToJsonRpc,
  agentCardFromJsonRpc,
  agentCardFromV03,
  agentCardToJsonRpc,
  agentCardToV03,
  agentSkillFromJsonRpc,
  agentSkillFromV03,
  agentSkillToJsonRpc,
  agentSkillToV03,
} from './agent-card.ts';
export {
  sendMessageResponseFromJsonRpc,
  sendMessageResponseFromV03,
  sendMessageResponseToJsonRpc,
  sendMessageResponseToV03,
  streamResponseFromJsonRpc,
  streamResponseFromV03,
  streamResponseToJsonRpc,
  streamResponseToV03,
  taskArtifactUpdateEventFromJsonRpc,
  taskArtifactUpdateEventFromV03,
  taskArtifactUpdateEventToJsonRpc,
  taskArtifactUpdateEventToV03,
  taskStatusUpdateEventFromJsonRpc,
  taskStatusUpdateEventFromV03,
  taskStatusUpdateEventToJsonRpc,
  taskStatusUpdateEventToV03,
} from './events.ts';
export {
  artifactFromJsonRpc,
  artifactFromV03,
  artifactToJsonRpc,
  artifactToV03,
  messageFromJsonRpc,
  messageFromV03,
  messageToJsonRpc,
  messageToV03,
  roleFromJsonRpc,
  roleToJsonRpc,
  roleToV03,
} from './messages.ts';
export { partFromJsonRpc, partFromV03, partToJsonRpc, partToV03 } from './parts.ts';
export {
  listTaskPushNotificationConfigsResponseFromJsonRpc,
  listTaskPushNotificationConfigsResponseFromV03,
  listTaskPushNotificationConfigsResponseToJsonRpc,
  listTaskPushNotificationConfigsResponseToV03,
  taskPushNotificationConfigFromJsonRpc,
  taskPushNotificationConfigFromV03,
  taskPushNotificationConfigToJsonRpc,
  taskPushNotificationConfigToV03,
  UNKNOWN_TASK_ID,
} from './push-configs.ts';
export {
  oauthFlowsFromJsonRpc,
  oauthFlowsFromV03,
  oauthFlowsToJsonRpc,
  oauthFlowsToV03,
  securityRequirementFromJsonRpc,
  securityRequirementFromV03,
  securityRequirementToJsonRpc,
  securityRequirementToV03,
  securitySchemeFromJsonRpc,
  securitySchemeFromV03,
  securitySchemeToJsonRpc,
  securitySchemeToV03,
} from './security.ts';
export {
  sendMessageConfigurationFromJsonRpc,
  sendMessageConfigurationFromV03,
  sendMessageConfigurationToJsonRpc,
  sendMessageConfigurationToV03,
  sendMessageRequestFromJsonRpc,
  sendMessageRequestFromV03,
  sendMessageRequestToJsonRpc,
  sendMessageRequestToV03,
} from './send-message.ts';
export {
  taskFromJsonRpc,
  taskFromV03,
  taskStateFromJsonRpc,
  taskStateFromV03,
  taskStateToJsonRpc,
  taskStateToV03,
  taskStatusFromJsonRpc,
  taskStatusFromV03,
  taskStatusToJsonRpc,
  taskStatusToV03,
  taskToJsonRpc,
  taskToV03,
} from './tasks.ts';
