import type { StreamResponse } from '@baton/protocol';

// Non-enumerable, under a symbol: the event compares, clones and serializes as before.
const EVENT_ID = Symbol('baton.client.eventId');

/** Records on a decoded stream event the SSE `id:` it arrived with (for Baton servers: the task's generation). */
export function withEventId<Event>(event: Event, id: string): Event {
  if (typeof event === 'object' && event !== null) {
    Object.defineProperty(event, EVENT_ID, { value: id, enumerable: false, configurable: true });
  }
  return event;
}

/**
 * The SSE `id:` a stream event arrived with, `undefined` when it had none. Send it back as `Last-Event-ID` on
 * `subscribeToTask` to get exactly the events after it (the client does this itself when a stream drops).
 */
export function eventIdOf(event: StreamResponse): string | undefined {
  return (event as { [EVENT_ID]?: string })[EVENT_ID];
}
