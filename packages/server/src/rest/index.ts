/**
 * The A2A HTTP+JSON (REST) binding: `createRestApp` serves the 1.0 routes (with optional `/{tenant}` prefix) and
 * the 0.3 routes under `/v1`, dispatched by `A2A-Version`, on top of an `A2ARequestHandler`.
 */
export { createRestApp, type RestAppOptions } from './create-rest-app.ts';
