/**
 * @baton/server: an A2A server that is a Hono app. `createA2AServer` is the entry point; the bindings, the
 * request handler, the executor context, auth, push and the in-memory stores are exported for those who
 * assemble their own. Runtime-neutral; `startA2AServer` is at `@baton/server/node`, `/bun` and `/deno`. What a
 * store or bus backend is built from is at `@baton/server/store`; the suites it must pass at
 * `@baton/server/testing`.
 *
 * @example
 * import { createA2AServer } from '@baton/server';
 * const server = createA2AServer({
 *   card: { name: 'Echo', description: 'Echoes what you say', version: '1.0.0', skills: [] },
 *   executor: async (ctx) => `You said: ${ctx.text}`,
 * });
 */

export {
  type ApiKeyOptions,
  type AuthBinding,
  type Authenticator,
  type AuthenticatorOptions,
  AuthFailure,
  type AuthFailureKind,
  type AuthFailureOptions,
  type AuthMiddlewareOptions,
  type AuthVariables,
  apiKey,
  authFailureResponse,
  type BearerJwtOptions,
  bearerJwt,
  buildChallenge,
  type CustomVerifierOptions,
  canUseSkill,
  createAuthenticator,
  createAuthMiddleware,
  custom,
  getAuthUser,
  isAuthFailure,
  missingScopes,
  type OAuthAccessTokenOptions,
  oauthAccessToken,
  requirementScopes,
  type SchemeContext,
  type SchemeVerifier,
  type SignCardOptions,
  signCard,
  userFromJwtPayload,
} from './auth/index.ts';
export type { A2ABindingHost } from './binding/binding-host.ts';
export type { AgentCardInput, ServedSurface } from './card/agent-card-input.ts';
export { AGENT_CARD_PATHS, createAgentCardRoutes } from './card/agent-card-routes.ts';
export { deriveAgentCard } from './card/derive-agent-card.ts';
export {
  AGENT_RESTARTED_MESSAGE,
  type BusSubscription,
  type ClusterOptions,
  createInMemoryEventBus,
  createInMemoryTaskLeaseStore,
  createInstanceLink,
  type ExpiredLease,
  INSTANCE_UNREACHABLE,
  type InstanceLink,
  type InstanceLinkOptions,
  TASK_BUSY_ELSEWHERE,
  type TaskEventBus,
  type TaskLeaseStore,
} from './cluster/index.ts';
export {
  type A2AServer,
  type A2AServerOptions,
  createA2AServer,
} from './create-a2a-server.ts';
export {
  type AgentExecutor,
  AgentFailure,
  type AgentMessageIds,
  type AgentMessageInput,
  type ArtifactInput,
  type ArtifactStream,
  type ArtifactStreamInit,
  createAgentMessage,
  type ExecutionContext,
  type ExecutorResult,
  isAgentFailure,
  messageData,
  messageText,
  type PartsInput,
  type RequireScopesOptions,
  toParts,
} from './executor/index.ts';
export {
  type A2ARequestHandler,
  type CallContext,
  type CallUser,
  type CloseOptions,
  createRequestHandler,
  DEFAULT_LIST_PAGE_SIZE,
  DEFAULT_MAX_OPEN_STREAMS,
  type EventStream,
  type ExtendedCardSource,
  MAX_LIST_PAGE_SIZE,
  overloadError,
  type PushConfigPage,
  type PushConfigStore,
  type RequestHandlerOptions,
  retryAfterOf,
  SHUTTING_DOWN,
  STORE_UNAVAILABLE,
  shuttingDownError,
  storeUnavailableError,
  type TaskRequestHandler,
  TOO_MANY_STREAMS,
  TOO_MANY_TASKS,
  tooManyStreamsError,
  tooManyTasksError,
} from './handler/index.ts';
export { createJsonRpcApp, type JsonRpcAppOptions } from './jsonrpc/index.ts';
export {
  type AddressGuard,
  createDefaultPushNetwork,
  createInMemoryPushConfigRecords,
  createInMemoryPushConfigStore,
  createPushConfigStore,
  createPushDispatcher,
  createPushSigner,
  createWebhookUrlPolicy,
  type DefaultPushNetworkOptions,
  ForbiddenWebhookAddressError,
  type InMemoryPushConfigStore,
  type InMemoryPushConfigStoreOptions,
  type PushBackoff,
  type PushConfigRecord,
  type PushConfigRecords,
  type PushConfigStoreOptions,
  type PushConfigStoreWithTargets,
  type PushDispatcher,
  type PushDispatcherOptions,
  type PushFetch,
  type PushHost,
  type PushNetwork,
  type PushNetworkOptions,
  type PushNotifications,
  type PushOptions,
  type PushOutbox,
  type PushSigner,
  type PushSignerOptions,
  type PushSigningAlgorithm,
  type PushSigningKey,
  type PushTargets,
  type PushTelemetry,
  type PushTokenClaims,
  type PushWiring,
  pushNotifications,
  type ResolveHost,
  type StoredPushConfig,
  type WebhookUrlCheckOptions,
  type WebhookUrlPolicy,
  type WebhookUrlPolicyOptions,
  withPushNotifications,
} from './push/index.ts';
export { createRestApp, type RestAppOptions } from './rest/index.ts';
export {
  type ArtifactChunk,
  createInMemoryTaskStore,
  DEFAULT_MAX_FINISHED_TASKS,
  DEFAULT_REPLAY_WINDOW,
  type FirstWrite,
  type GeneratedEvent,
  type InMemoryTaskStore,
  type InMemoryTaskStoreOptions,
  type ReplayedEvents,
  type StoredTask,
  type SyncTaskStore,
  type TaskPage,
  type TaskQuery,
  type TaskReadOptions,
  type TaskRecordView,
  type TaskScope,
  type TaskStore,
} from './store/index.ts';
export { serverOpenTelemetry } from './telemetry/server-open-telemetry.ts';
export type { ServerInstrumentation, ServerTelemetry } from './telemetry/server-telemetry.ts';
export { consoleLogger, type Logger } from './vocabulary/logger.ts';
