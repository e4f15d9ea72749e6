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
