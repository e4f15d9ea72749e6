/** Server-Sent Events: parsing with a size cap, cancellation on early exit. */
export * from './read-sse-events.ts';
