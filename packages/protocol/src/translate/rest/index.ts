/**
 * Translation between A2A 0.3 HTTP+JSON (REST) bodies, the ProtoJSON of the 0.3 proto (`v03.rest`), and A2A 1.0.
 * Same conventions, options and fallbacks as the JSON-RPC translation (see `translate`), plus what the 0.3 proto
 * shapes cannot express:
 *
 * | Direction | Case (path) | Fallback |
 * |---|---|---|
 * | 1.0 → 0.3 REST | part `metadata`, part `filename` (0.3 proto parts have neither) | dropped |
 * | 1.0 → 0.3 REST | data part whose value is not an object (`data`) | `{ value: <original> }`, which reads back as that object (no metadata to carry the wrap flag) |
 * | 1.0 → 0.3 REST | message `referenceTaskIds` | dropped |
 * | 1.0 → 0.3 REST | `ROLE_UNSPECIFIED` (the REST schema rejects it) | `ROLE_AGENT` |
 * | 1.0 → 0.3 REST | push config without `taskId` (the resource name needs one) | named `tasks/-/pushNotificationConfigs/{id}` |
 * | 1.0 → 0.3 REST | OAuth scheme whose flow is `deviceCode` (the 0.3 flows oneof needs a flow) | scheme left out of `securitySchemes` |
 * | 1.0 → 0.3 REST | card `iconUrl` | dropped |
 * | 0.3 REST → 1.0 | push config whose resource name and config disagree on the config id (`name`) | the config's id kept |
 * | 0.3 REST → 1.0 | negative `historyLength` (no limit for 0.3 peers) | left unset |
 *
 * Also as in JSON-RPC: `mediaType` on text/data parts, `tenant`, `historyLength` 0, status-update `final`, task
 * `contextId`, interfaces and `protocolVersion`, `pkceRequired`, API key location (free text in both, copied),
 * `stateTransitionHistory` (absent from the 0.3 proto). Normalizations: `TASK_STATE_CANCELLED` ↔
 * `TASK_STATE_CANCELED`; a config id only in the resource name comes back in the config too; a data part without
 * `data.data` reads as `{}`. Path parameters (task id, config id, `historyLength` query) are not bodies and are left
 * to the JSON-RPC request translators.
 */
export * from './agent-card.ts';
export * from './events.ts';
export * from './messages.ts';
export * from './parts.ts';
export * from './push-configs.ts';
export * from './security.ts';
export * from './send-message.ts';
export * from './tasks.ts';
