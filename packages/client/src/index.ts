/**
 * @baton/client: an A2A client for Node and browsers. `createA2AClient` discovers an agent from its base URL,
 * card URL or card, picks the interface it speaks (JSON-RPC or HTTP+JSON, A2A 1.0 or 0.3) and returns typed
 * A2A 1.0 results whatever the server spoke. Streams resubscribe by themselves when a connection drops.
 * Builders make valid messages and parts; readers take text and data out of artifacts. Runtime-neutral.
 *
 * @example
 * import { createA2AClient, createArtifactAssembler } from '@baton/client';
 * const client = await createA2AClient({ agent: 'http://127.0.0.1:4000' });
 * const artifacts = createArtifactAssembler();
 * for await (const event of client.streamMessage('Plan a trip to Lisbon')) artifacts.feed(event);
 */
// The A2A 1.0 types the client's calls take and return, so a caller needs no second import; and the
// operations table's types that `Transport` and `OperationCodecs` are made of.
export type {
  A2AMethod,
  A2AOperationMethods,
  A2AOperationName,
  AgentCard,
  AgentSkill,
  Artifact,
  Message,
  OperationRequest,
  OperationResult,
  Part,
  SendMessageResponse,
  StreamResponse,
  Task,
  TaskArtifactUpdateEvent,
  TaskState,
  TaskStatus,
  TaskStatusUpdateEvent,
} from '@baton/protocol';
export {
  IN_TASK_OAUTH_EXTENSION,
  type InTaskOAuthRequest,
  inTaskOAuthRequestOf,
  SKILL_SELECTION_EXTENSION,
  TASK_GENERATION_EXTENSION,
} from '@baton/protocol';
export {
  type AuthorizationCodeOptions,
  type AuthorizationPrompt,
  type AuthorizationRequest,
  type ClientAuthMethod,
  type Credential,
  type Credentials,
  createAuthenticator,
  type DeviceCodeOptions,
  type DeviceCodePrompt,
  isOAuthCredential,
  type JwtBearerOptions,
  type OAuthCredential,
  type OAuthGrantOptions,
  oauthAuthorizationCode,
  oauthClientCredentials,
  oauthDeviceCode,
  oauthForCard,
  oauthJwtBearer,
} from './auth/index.ts';
export {
  type DataPart,
  dataPart,
  encodeBase64,
  type FilePart,
  type FilePartInput,
  filePart,
  type PartExtras,
  type TextPart,
  textPart,
  type UserMessageOptions,
  userMessage,
} from './builders/index.ts';
export {
  type A2AClient,
  type A2AClientOptions,
  type ClientBehaviour,
  createA2AClient,
  createA2AClientFromTransport,
  type ResubscribeOptions,
  type ResumeSource,
  resumeStream,
  type SendInput,
  type SendOptions,
  type SendRequestOptions,
  type StreamOptions,
  type SubscribeOptions,
  toSendRequest,
} from './client/index.ts';
export {
  A2A_AGENT_CARD_MEDIA_TYPE,
  type AgentCardShape,
  type AgentCardSource,
  AI_CATALOG_MEDIA_TYPE,
  AI_CATALOG_PATH,
  aiCatalogUrl,
  type CardCache,
  type CardCacheEntry,
  type CardCacheOptions,
  type CardVerifier,
  type CatalogAgent,
  type ClientBinding,
  type ClientVersion,
  canonicalizeJson,
  createCardCache,
  type FetchCardOptions,
  type InterfacePreferences,
  type ResolveAgentCardOptions,
  type ResolveAiCatalogOptions,
  type ResolvedAgentCard,
  readAiCatalog,
  requireCardSignature,
  resolveAgentCard,
  resolveAiCatalog,
  type SelectedInterface,
  type SignAgentCardOptions,
  selectInterface,
  signAgentCard,
  type VerificationKey,
  type VerifiedSignature,
  type VerifyOptions,
  verifyAgentCardSignatures,
  WELL_KNOWN_CARD_PATHS,
} from './discovery/index.ts';
export { A2AClientError, type ClientErrorCode, isA2AClientError } from './errors/client-error.ts';
export type { FetchLike } from './http/fetch-like.ts';
export type { HttpRequest, HttpResponseContext, Interceptor } from './http/interceptor.ts';
export {
  createPushVerifier,
  createPushWebhook,
  createReplayCache,
  type PushRefusal,
  PushVerificationError,
  type PushVerifier,
  type PushVerifierOptions,
  type PushWebhook,
  type PushWebhookOptions,
  type ReplayCache,
  type VerifiedPushNotification,
} from './push/index.ts';
export {
  type ArtifactAssembler,
  applyStreamEvent,
  artifactText,
  createArtifactAssembler,
  firstDataPart,
  joinText,
} from './readers/index.ts';
export {
  backoffDelay,
  DEFAULT_ATTEMPTS,
  parseRetryAfter,
  RETRYABLE_STATUSES,
  type RetryOptions,
  sleep,
} from './retry/index.ts';
export {
  DEFAULT_MAX_EVENT_BYTES,
  eventIdOf,
  type ReadSseOptions,
  readSseEvents,
  type SseEvent,
} from './sse/index.ts';
export {
  type ClientCallTrace,
  type ClientCallTracer,
  type ClientTelemetry,
  clientOpenTelemetry,
} from './telemetry/index.ts';
export {
  bindOperations,
  type CallOptions,
  type CreateTransportOptions,
  createJsonRpcTransport,
  createRestTransport,
  createTransport,
  DEFAULT_STREAM_IDLE_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  decodeShape,
  IDEMPOTENT_OPERATIONS,
  OPERATION_METHODS,
  type OperationCodec,
  type OperationCodecs,
  type OperationName,
  type OperationRunners,
  type Transport,
  type TransportFactories,
  type TransportFactory,
  type TransportOptions,
  V1_OPERATION_CODECS,
  type V1OperationWire,
  withInterfaceTenant,
} from './transport/index.ts';
