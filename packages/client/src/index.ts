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
// The A2A 1.0 types the client's calls take and return, so a caller needs no second import.
export type {
  AgentCard,
  AgentSkill,
  Artifact,
  Message,
  Part,
  SendMessageResponse,
  StreamResponse,
  Task,
  TaskArtifactUpdateEvent,
  TaskState,
  TaskStatus,
  TaskStatusUpdateEvent,
} from '@baton/protocol';
export * from './auth/index.ts';
export * from './builders/index.ts';
export * from './client/index.ts';
export * from './discovery/index.ts';
export { A2AClientError, type ClientErrorCode, isA2AClientError } from './errors/client-error.ts';
export type { FetchLike } from './http/fetch-like.ts';
export type { HttpRequest, HttpResponseContext, Interceptor } from './http/interceptor.ts';
export * from './push/index.ts';
export * from './readers/index.ts';
export * from './retry/index.ts';
export * from './sse/index.ts';
export * from './transport/index.ts';
