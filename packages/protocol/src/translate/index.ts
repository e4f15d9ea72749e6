/**
 * Translation between A2A 0.3 (JSON-RPC / types.ts shapes, the `v03` namespace) and A2A 1.0 (ProtoJSON, the package
 * root). Every function takes a parsed value of one version and returns a parsed value of the other:
 * `xxxFromV03(v03Value, options?)` returns the 1.0 `Xxx`, `xxxToV03(value, options?)` the 0.3 form. Outputs never
 * share objects with inputs, and parse with the target version's schema.
 *
 * Lossless where both versions can express the same thing: 0.3 → 1.0 → 0.3 and 1.0 → 0.3 → 1.0 give back the input,
 * except for the normalizations listed last. Where the target cannot express something, the translation applies the
 * fallback below and calls `options.onLoss({ path, reason })`; with `options.strict` it throws a
 * {@link TranslationError} instead. `path` is relative to the translated value (`options.path` is prefixed).
 *
 * | Direction | Case (path) | Fallback |
 * |---|---|---|
 * | 1.0 → 0.3 | `filename` / `mediaType` on a text or data part | dropped |
 * | 1.0 → 0.3 | data part whose value is not an object (`data`) | `{ value: <original> }` + `metadata.data_part_compat: true` (a2a-js / a2a-python convention; unwrapped on the way back, so the round trip is lossless) |
 * | 1.0 → 0.3 | that wrap when `metadata.data_part_compat` was already set (`metadata.data_part_compat`) | overwritten with `true`; removed on the way back |
 * | 1.0 → 0.3 | object data shaped like a wrap (`{ value: <non-object> }`) with `data_part_compat: true` (`metadata`) | sent as is; reads back unwrapped |
 * | 1.0 → 0.3 | `ROLE_UNSPECIFIED` (`role`) | `agent` (as a2a-js and a2a-python) |
 * | 1.0 → 0.3 | task without `contextId`; config without `taskId`; extension without `uri`; implicit flow without `authorizationUrl`; password flow without `tokenUrl` (all REQUIRED in 0.3) | `""` |
 * | 1.0 → 0.3 | `tenant` on a request, push config or interface | dropped |
 * | 1.0 → 0.3 | `taskId` on the inline push config of a send (`configuration.taskPushNotificationConfig.taskId`) | dropped |
 * | 1.0 → 0.3 | `historyLength: 0` (no history; 0.3 peers read 0 as no limit) or negative | left unset |
 * | 1.0 → 0.3 | `pageSize` / `pageToken` of a push-config list request; non-empty `nextPageToken` of its result | dropped |
 * | 1.0 → 0.3 | card with no interface at `protocolVersion` 0.3 (`supportedInterfaces`) | all interfaces used |
 * | 1.0 → 0.3 | card mixing versions (`supportedInterfaces[i]` not at 0.3) | that interface dropped |
 * | 1.0 → 0.3 | API key `location` other than query/header/cookie | `header` (as a2a-js) |
 * | 1.0 → 0.3 | OAuth `deviceCode` flow (`flows.deviceCode`) | `flows: {}` (as a2a-js and a2a-python) |
 * | 1.0 → 0.3 | OAuth `pkceRequired: true` | dropped |
 * | 1.0 → 0.3 | a timestamp 0.3 rejects (none known) | dropped |
 * | 0.3 → 1.0 | status-update `final` other than what its state implies (terminal or interrupted ⇒ true) | dropped (1.0 ends streams by closing them; a matching `final` is dropped silently) |
 * | 0.3 → 1.0 | `historyLength: 0` (no limit for 0.3 peers, no history in 1.0) | left unset |
 * | 0.3 → 1.0 | `historyLength` above int32 | clamped to 2147483647 |
 * | 0.3 → 1.0 | push `authentication.schemes` with several entries | first kept |
 * | 0.3 → 1.0 | push `authentication.schemes` empty (or first `""`) | `authentication` left out |
 * | 0.3 → 1.0 | get-push-config params without `pushNotificationConfigId` | config id = task id (a2a-python 0.3 stores id-less configs under the task id) |
 * | 0.3 → 1.0 | non-empty `metadata` on `tasks/get`, `tasks/resubscribe`, push-config get/list/delete params | dropped (no 1.0 field) |
 * | 0.3 → 1.0 | `capabilities.stateTransitionHistory` (any value) | dropped (removed in 1.0) |
 * | 0.3 → 1.0 | card `protocolVersion` with a patch other than 0 (`0.3.1`) | Major.Minor on each interface |
 * | 0.3 → 1.0 | OAuth scheme with several flows (`flows.<name>`) | first of authorizationCode, clientCredentials, implicit, password kept (as a2a-js) |
 * | 0.3 → 1.0 | OAuth scheme with no flow (`securitySchemes.<name>.flows`) | scheme left out of `securitySchemes` |
 * | 0.3 → 1.0 | local timestamp without seconds (`2025-04-02T16:59`) | `:00` appended; any other timestamp 1.0 rejects is dropped |
 *
 * Never a fallback, always a {@link TranslationError} (strict or not): a 0.3 value left empty where 1.0 REQUIRES one
 * (an empty id, name, version, URL, transport, scheme or signature string; no message/artifact parts or
 * default modes) — there is no stand-in for a missing identifier.
 *
 * Normalizations (no information lost, not reported, but the round trip changes the literal):
 * - 0.3 card: `protocolVersion` is written back as `0.3.0`; a missing or `""` `preferredTransport` is `JSONRPC`;
 *   `additionalInterfaces` lists every interface, the main one first, without duplicates. A 1.0 interface at
 *   `0.3.0` comes back at `0.3` (1.0 versions are Major.Minor).
 * - 0.3 `""` ↔ 1.0 unset for task `contextId`, push config `taskId`, extension `uri`, implicit `authorizationUrl`,
 *   password `tokenUrl` (proto3 cannot tell them apart).
 * - 1.0 URL-safe base64 in `raw` is written in the standard alphabet 0.3 requires (same bytes).
 * - ProtoJSON empty forms: a security requirement `{}` / scope list `{}` is written back as `{schemes: {}}` /
 *   `{list: []}`; missing implicit/password `scopes` as `{}`; `pkceRequired: false` and `nextPageToken: ""` are
 *   dropped; a list result without `configs` reads as `[]`.
 * - 0.3 `metadata: {}` on a request without a 1.0 metadata field is dropped; a matching status-update `final` is
 *   recomputed from the state.
 *
 * `agentCapabilitiesToV03` leaves `extendedAgentCard` to `agentCardToV03`, which writes it as the card-level
 * `supportsAuthenticatedExtendedCard`.
 *
 * The 0.3 REST (ProtoJSON) bodies are translated by the `rest` namespace, with its own table of extra losses.
 *
 * Not covered: `ListTasks` and `GetExtendedAgentCard` params (no 0.3 JSON-RPC params), errors (see `errors/`) and
 * method names (see `jsonrpc/`).
 */
export * from './agent-capabilities.ts';
export * from './agent-card.ts';
export * from './agent-interfaces.ts';
export * from './agent-skill.ts';
export * from './artifacts.ts';
export * from './enums.ts';
export * from './events.ts';
export * from './history-length.ts';
export { type TargetVersion, type TranslateOptions, TranslationError, type TranslationLoss } from './loss.ts';
export * from './messages.ts';
export * from './oauth-flows.ts';
export * from './parts.ts';
export * from './push-config-requests.ts';
export * from './push-configs.ts';
export * as rest from './rest/index.ts';
export * from './security.ts';
export * from './send-message.ts';
export * from './task-requests.ts';
export * from './tasks.ts';
export * from './timestamps.ts';
