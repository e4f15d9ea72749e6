/** Zod schemas and types for every A2A 1.0 wire object (ProtoJSON of the 1.0.1 proto). */
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
  type AgentProvider,
  AgentProviderSchema,
  type GetExtendedAgentCardRequest,
  GetExtendedAgentCardRequestSchema,
} from './agent-card.ts';
export { type AgentInterface, AgentInterfaceSchema, PROTOCOL_BINDINGS } from './agent-interface.ts';
export { type AgentSkill, AgentSkillSchema } from './agent-skill.ts';
export { type Artifact, ArtifactSchema } from './artifact.ts';
export { type Message, MessageSchema } from './message.ts';
export {
  type AuthorizationCodeOAuthFlow,
  AuthorizationCodeOAuthFlowSchema,
  type ClientCredentialsOAuthFlow,
  ClientCredentialsOAuthFlowSchema,
  type DeviceCodeOAuthFlow,
  DeviceCodeOAuthFlowSchema,
  type ImplicitOAuthFlow,
  ImplicitOAuthFlowSchema,
  OAUTH_FLOW_FIELDS,
  type OAuthFlows,
  OAuthFlowsSchema,
  type PasswordOAuthFlow,
  PasswordOAuthFlowSchema,
} from './oauth-flows.ts';
export { PART_CONTENT_FIELDS, type Part, PartSchema } from './part.ts';
export {
  type AuthenticationInfo,
  AuthenticationInfoSchema,
  type DeleteTaskPushNotificationConfigRequest,
  DeleteTaskPushNotificationConfigRequestSchema,
  type GetTaskPushNotificationConfigRequest,
  GetTaskPushNotificationConfigRequestSchema,
  type ListTaskPushNotificationConfigsRequest,
  ListTaskPushNotificationConfigsRequestSchema,
  type ListTaskPushNotificationConfigsResponse,
  ListTaskPushNotificationConfigsResponseSchema,
  type TaskPushNotificationConfig,
  TaskPushNotificationConfigSchema,
} from './push-config.ts';
export { ROLES, type Role, RoleSchema } from './role.ts';
export {
  type SecurityRequirement,
  SecurityRequirementSchema,
  type StringList,
  StringListSchema,
} from './security-requirement.ts';
export {
  API_KEY_LOCATIONS,
  type APIKeySecurityScheme,
  APIKeySecuritySchemeSchema,
  type HTTPAuthSecurityScheme,
  HTTPAuthSecuritySchemeSchema,
  type MutualTlsSecurityScheme,
  MutualTlsSecuritySchemeSchema,
  type OAuth2SecurityScheme,
  OAuth2SecuritySchemeSchema,
  type OpenIdConnectSecurityScheme,
  OpenIdConnectSecuritySchemeSchema,
  SECURITY_SCHEME_FIELDS,
  type SecurityScheme,
  SecuritySchemeSchema,
} from './security-scheme.ts';
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
export { generationOfEvent, idsOfEvent, stateOfEvent } from './stream-response-readers.ts';
export { type Task, TaskSchema, type TaskStatus, TaskStatusSchema } from './task.ts';
export {
  type CancelTaskRequest,
  CancelTaskRequestSchema,
  type GetTaskRequest,
  GetTaskRequestSchema,
  type ListTasksRequest,
  ListTasksRequestSchema,
  type ListTasksResponse,
  ListTasksResponseSchema,
  type SubscribeToTaskRequest,
  SubscribeToTaskRequestSchema,
} from './task-requests.ts';
export { TASK_STATES, type TaskState, TaskStateSchema } from './task-state.ts';
