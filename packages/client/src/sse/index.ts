/** Server-Sent Events: parsing with a size cap, cancellation on early exit, the ids events arrived with. */
export { eventIdOf } from './event-id.ts';
export {
  DEFAULT_MAX_EVENT_BYTES,
  type ReadSseOptions,
  readSseEvents,
  type SseEvent,
} from './read-sse-events.ts';
