/**
 * @baton/protocol: the A2A wire model. A2A 1.0 (ProtoJSON) schemas and types at the root, A2A 0.3 under
 * the `v03` namespace, translation between them under `translate`, plus the error table, the task state
 * machine, JSON-RPC envelopes, version negotiation, ids and timestamps. Runtime-neutral.
 *
 * @example
 * import { SendMessageRequestSchema, parseOrThrow } from '@baton/protocol';
 * const request = parseOrThrow(SendMessageRequestSchema, body); // throws A2AError -32602 naming the field
 */
export * from './errors/index.ts';
export * from './ids.ts';
export * from './jsonrpc/index.ts';
export * from './state/index.ts';
export * from './telemetry/headers-carrier.ts';
export * from './telemetry/telemetry-names.ts';
export * from './telemetry/telemetry-switch.ts';
export * from './time.ts';
export * as translate from './translate/index.ts';
export * from './v1/index.ts';
export * as v03 from './v03/index.ts';
export * from './versions.ts';
export * from './wire/canonicalize-json.ts';
export * from './wire/is-json-object.ts';
export * from './wire/json-depth.ts';
export * from './wire/proto-json.ts';
export * from './wire/proto-oneof.ts';
export * from './wire/proto-scalars.ts';
export * from './wire/push-signing.ts';
