/** Server-Sent Events: parsing with a size cap, cancellation on early exit. */
export {
  DEFAULT_MAX_EVENT_BYTES,
  type ReadSseOptions,
  readSseEvents,
  type SseEvent,
} from './read-sse-events.ts';
