/** Server-Sent Events: one runtime-neutral writer shared by the JSON-RPC and HTTP+JSON bindings. */
export {
  createSseResponse,
  DEFAULT_HEARTBEAT_MS,
  SSE_HEADERS,
  type SseResponseOptions,
} from './create-sse-response.ts';
export {
  ALREADY_SENT_ENV_KEY,
  type DirectSseTarget,
  directSseTarget,
  type NodeResponseLike,
} from './direct-sse-target.ts';
