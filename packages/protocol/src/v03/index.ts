/**
 * A2A 0.3 wire objects in their JSON-RPC (types.ts) shape. The package root exports this module as the
 * `v03` namespace, so these names do not collide with the 1.0 ones.
 */
export * from './agent-capabilities.ts';
export * from './agent-card.ts';
export * from './agent-skill.ts';
export * from './artifact.ts';
export * from './base64.ts';
export { type Metadata, MetadataSchema } from './json-object.ts';
export { type Message, MessageSchema } from './message.ts';
export * from './oauth-flows.ts';
export * from './part.ts';
export * from './push-config.ts';
/** The 0.3 HTTP+JSON (REST) bodies, which are ProtoJSON of the 0.3 proto rather than the shapes above. */
export * as rest from './rest/index.ts';
export * from './results.ts';
export * from './role.ts';
export * from './security-scheme.ts';
export * from './send-params.ts';
export {
  type TaskArtifactUpdateEvent,
  TaskArtifactUpdateEventSchema,
  type TaskStatusUpdateEvent,
  TaskStatusUpdateEventSchema,
} from './stream-events.ts';
export { type Task, TaskSchema, type TaskStatus, TaskStatusSchema } from './task.ts';
export * from './task-params.ts';
export * from './task-state.ts';
export * from './timestamp.ts';
