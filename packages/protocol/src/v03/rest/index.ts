/**
 * A2A 0.3 HTTP+JSON (REST) bodies: ProtoJSON of the 0.3 proto (`a2a.v1`), which differs from the 0.3 JSON-RPC
 * shapes (no `kind`, `TASK_STATE_*` enums, message parts in `content`, oneof wrappers).
 */
export * from './agent-card.ts';
export * from './artifact.ts';
export * from './enums.ts';
export * from './message.ts';
export * from './part.ts';
export * from './push-config.ts';
export * from './security.ts';
export * from './send-message.ts';
export * from './stream-events.ts';
export * from './stream-response.ts';
export * from './task.ts';
