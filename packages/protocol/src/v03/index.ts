/**
 * A2A 0.3 wire objects in their JSON-RPC (types.ts) shape. The package root exports this module as the
 * `v03` namespace, so these names do not collide with the 1.0 ones.
 */
export {
  type AgentCapabilities,
  AgentCapabilitiesSchema,
  type AgentExtension,
  AgentExtensionSchema,
} from './agent-capabilities.ts';
export {
  type AgentCard,
  AgentCardSchema,
  type AgentCardSignature,
  AgentCardSignatureSchema,
  type AgentInterface,
  AgentInterfaceSchema,
  type AgentProvider,
  AgentProviderSchema,
  type ProtocolVersion,
  ProtocolVersionSchema,
  type TransportProtocol,
  TransportProtocolSchema,
} from './agent-card.ts';
export { type AgentSkill, AgentSkillSchema } from './agent-skill.ts';
export { type Artifact, ArtifactSchema } from './artifact.ts';
export { type Base64, Base64Schema } from './base64.ts';
export { type Metadata, MetadataSchema } from './json-object.ts';
export { type Message, MessageSchema } from './message.ts';
export {
  type AuthorizationCodeOAuthFlow,
  AuthorizationCodeOAuthFlowSchema,
  type ClientCredentialsOAuthFlow,
  ClientCredentialsOAuthFlowSchema,
  type ImplicitOAuthFlow,
  ImplicitOAuthFlowSchema,
  type OAuthFlows,
  OAuthFlowsSchema,
  type OAuthScopes,
  OAuthScopesSchema,
  type PasswordOAuthFlow,
  PasswordOAuthFlowSchema,
} from './oauth-flows.ts';
export {
  type DataPart,
  DataPartSchema,
  type FileContent,
  FileContentSchema,
  type FilePart,
  FilePartSchema,
  type FileWithBytes,
  FileWithBytesSchema,
  type FileWithUri,
  FileWithUriSchema,
  type Part,
  PartSchema,
  type TextPart,
  TextPartSchema,
} from './part.ts';
export {
  type PushNotificationAuthenticationInfo,
  PushNotificationAuthenticationInfoSchema,
  type PushNotificationConfig,
  PushNotificationConfigSchema,
  type TaskPushNotificationConfig,
  type TaskPushNotificationConfigList,
  TaskPushNotificationConfigListSchema,
  TaskPushNotificationConfigSchema,
} from './push-config.ts';
/** The 0.3 HTTP+JSON (REST) bodies, which are ProtoJSON of the 0.3 proto rather than the shapes above. */
export * as rest from './rest/index.ts';
export {
  type SendMessageResult,
  SendMessageResultSchema,
  type StreamEvent,
  StreamEventSchema,
} from './results.ts';
export { type Role, RoleSchema } from './role.ts';
export {
  type APIKeySecurityScheme,
  APIKeySecuritySchemeSchema,
  type HTTPAuthSecurityScheme,
  HTTPAuthSecuritySchemeSchema,
  type MutualTLSSecurityScheme,
  MutualTLSSecuritySchemeSchema,
  type OAuth2SecurityScheme,
  OAuth2SecuritySchemeSchema,
  type OpenIdConnectSecurityScheme,
  OpenIdConnectSecuritySchemeSchema,
  type SecurityRequirement,
  SecurityRequirementSchema,
  type SecurityScheme,
  SecuritySchemeSchema,
} from './security-scheme.ts';
export {
  type MessageSendConfiguration,
  MessageSendConfigurationSchema,
  type MessageSendParams,
  MessageSendParamsSchema,
} from './send-params.ts';
export {
  type TaskArtifactUpdateEvent,
  TaskArtifactUpdateEventSchema,
  type TaskStatusUpdateEvent,
  TaskStatusUpdateEventSchema,
} from './stream-events.ts';
export { type Task, TaskSchema, type TaskStatus, TaskStatusSchema } from './task.ts';
export {
  type DeleteTaskPushNotificationConfigParams,
  DeleteTaskPushNotificationConfigParamsSchema,
  type GetTaskPushNotificationConfigParams,
  GetTaskPushNotificationConfigParamsSchema,
  type ListTaskPushNotificationConfigParams,
  ListTaskPushNotificationConfigParamsSchema,
  type TaskIdParams,
  TaskIdParamsSchema,
  type TaskQueryParams,
  TaskQueryParamsSchema,
} from './task-params.ts';
export { TASK_STATES, type TaskState, TaskStateSchema } from './task-state.ts';
export { type Timestamp, TimestampSchema } from './timestamp.ts';
