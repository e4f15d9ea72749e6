/**
 * Translation between A2A 0.3 (JSON-RPC / types.ts shapes, the `v03` namespace) and A2A 1.0 (ProtoJSON, the package
 * root). Every function takes a parsed value of one version and returns a parsed value of the other:
 * `xxxFromV03(v03Value, options?)` returns the 1.0 `Xxx`, `xxxToV03(value, options?)` the 0.3 form. Outputs never
 * share objects with inputs, and parse with the target version's schema.
 *
 * Lossless where both versions can express the same thing: 0.3 → 1.0 → 0.3 and 1.0 → 0.3 → 1.0 give back the input,
 * except for documented normalizations. Where the target cannot express something, the translation applies the
 * documented fallback and calls `options.onLoss({ path, reason })`; with `options.strict` it throws a
 * {@link TranslationError} instead. `path` is relative to the translated value (`options.path` is prefixed).
 *
 * Every lossy case, its fallback and every normalization is listed in `docs/translation.md` at the repository
 * root; keep that table in step with the code.
 *
 * `agentCapabilitiesToV03` leaves `extendedAgentCard` to `agentCardToV03`, which writes it as the card-level
 * `supportsAuthenticatedExtendedCard`.
 *
 * The 0.3 REST (ProtoJSON) bodies are translated by the `rest` namespace, with its own table of extra losses.
 *
 * Not covered: `ListTasks` and `GetExtendedAgentCard` params (no 0.3 JSON-RPC params), errors (see `errors/`) and
 * method names (see `jsonrpc/`).
 */
export {
  agentCapabilitiesFromV03,
  agentCapabilitiesToV03,
  agentExtensionFromV03,
  agentExtensionToV03,
} from './agent-capabilities.ts';
export {
  agentCardFromV03,
  agentCardSignatureFromV03,
  agentCardSignatureToV03,
  agentCardToV03,
  agentProviderFromV03,
  agentProviderToV03,
} from './agent-card.ts';
export {
  agentInterfacesFromV03,
  agentInterfacesToV03,
  DEFAULT_V03_TRANSPORT,
  majorMinor,
  V03_CARD_PROTOCOL_VERSION,
  type V03CardInterfaces,
} from './agent-interfaces.ts';
export { agentSkillFromV03, agentSkillToV03 } from './agent-skill.ts';
export { artifactFromV03, artifactToV03 } from './artifacts.ts';
export { roleFromV03, roleToV03, taskStateFromV03, taskStateToV03 } from './enums.ts';
export {
  impliedFinal,
  type StatusUpdateToV03Options,
  streamResponseFromV03,
  streamResponseToV03,
  taskArtifactUpdateEventFromV03,
  taskArtifactUpdateEventToV03,
  taskStatusUpdateEventFromV03,
  taskStatusUpdateEventToV03,
} from './events.ts';
export { historyLengthFromV03, historyLengthToV03 } from './history-length.ts';
export { type TargetVersion, type TranslateOptions, TranslationError, type TranslationLoss } from './loss.ts';
export { messageFromV03, messageToV03 } from './messages.ts';
export { oauthFlowsFromV03, oauthFlowsToV03, V03_FLOWS } from './oauth-flows.ts';
export { DATA_PART_COMPAT_FLAG, partFromV03, partToV03 } from './parts.ts';
export {
  deleteTaskPushNotificationConfigRequestFromV03,
  deleteTaskPushNotificationConfigRequestToV03,
  getTaskPushNotificationConfigRequestFromV03,
  getTaskPushNotificationConfigRequestToV03,
  listTaskPushNotificationConfigsRequestFromV03,
  listTaskPushNotificationConfigsRequestToV03,
  listTaskPushNotificationConfigsResponseFromV03,
  listTaskPushNotificationConfigsResponseToV03,
} from './push-config-requests.ts';
export {
  authenticationInfoFromV03,
  authenticationInfoToV03,
  pushNotificationConfigFromV03,
  pushNotificationConfigToV03,
  taskPushNotificationConfigFromV03,
  taskPushNotificationConfigToV03,
} from './push-configs.ts';
export * as rest from './rest/index.ts';
export {
  securityRequirementFromV03,
  securityRequirementToV03,
  securitySchemeFromV03,
  securitySchemeToV03,
} from './security.ts';
export {
  sendMessageConfigurationFromV03,
  sendMessageConfigurationToV03,
  sendMessageRequestFromV03,
  sendMessageRequestToV03,
  sendMessageResponseFromV03,
  sendMessageResponseToV03,
} from './send-message.ts';
export {
  cancelTaskRequestFromV03,
  cancelTaskRequestToV03,
  getTaskRequestFromV03,
  getTaskRequestToV03,
  subscribeToTaskRequestFromV03,
  subscribeToTaskRequestToV03,
} from './task-requests.ts';
export { taskFromV03, taskStatusFromV03, taskStatusToV03, taskToV03 } from './tasks.ts';
export { timestampFromV03, timestampToV03 } from './timestamps.ts';
