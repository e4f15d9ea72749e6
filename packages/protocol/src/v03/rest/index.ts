/**
 * A2A 0.3 HTTP+JSON (REST) bodies: ProtoJSON of the 0.3 proto (`a2a.v1`), which differs from the 0.3 JSON-RPC
 * shapes (no `kind`, `TASK_STATE_*` enums, message parts in `content`, oneof wrappers).
 */
export {
  type AgentCapabilities,
  AgentCapabilitiesSchema,
  type AgentCard,
  AgentCardSchema,
  type AgentSkill,
  AgentSkillSchema,
} from './agent-card.ts';
export { type Artifact, ArtifactSchema } from './artifact.ts';
export { ROLES, type Role, RoleSchema, TASK_STATES, type TaskState, TaskStateSchema } from './enums.ts';
export { type Message, MessageSchema } from './message.ts';
export {
  type DataPart,
  DataPartSchema,
  FILE_PART_FIELDS,
  type FilePart,
  FilePartSchema,
  PART_FIELDS,
  type Part,
  PartSchema,
} from './part.ts';
export {
  type AuthenticationInfo,
  AuthenticationInfoSchema,
  type CreatePushConfigBody,
  CreatePushConfigBodySchema,
  type ListTaskPushNotificationConfigResponse,
  ListTaskPushNotificationConfigResponseSchema,
  type PushConfigName,
  PushConfigNameSchema,
  type PushNotificationConfig,
  PushNotificationConfigSchema,
  parsePushConfigName,
  pushConfigName,
  type TaskPushNotificationConfig,
  TaskPushNotificationConfigSchema,
} from './push-config.ts';
export {
  type OAuthFlows,
  OAuthFlowsSchema,
  SECURITY_SCHEME_FIELDS,
  type Security,
  SecuritySchema,
  type SecurityScheme,
  SecuritySchemeSchema,
} from './security.ts';
export {
  SEND_MESSAGE_RESPONSE_FIELDS,
  type SendMessageConfiguration,
  SendMessageConfigurationSchema,
  type SendMessageRequest,
  SendMessageRequestSchema,
  type SendMessageResponse,
  SendMessageResponseSchema,
} from './send-message.ts';
export {
  type TaskArtifactUpdateEvent,
  TaskArtifactUpdateEventSchema,
  type TaskStatusUpdateEvent,
  TaskStatusUpdateEventSchema,
} from './stream-events.ts';
export { STREAM_RESPONSE_FIELDS, type StreamResponse, StreamResponseSchema } from './stream-response.ts';
export { type Task, TaskSchema, type TaskStatus, TaskStatusSchema } from './task.ts';
