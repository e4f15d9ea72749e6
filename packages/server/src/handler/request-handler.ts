import type { A2AOperationMethods, StreamResponse } from '@baton/protocol';
import type { CallContext } from '../vocabulary/call-context.ts';

/**
 * A stream of events for one call. Events come in generation order; the stream ends (the iterator finishes)
 * at a terminal or interrupted state, or after a single direct Message. Calling `return()` on the iterator
 * (a `break` out of `for await`) releases every listener without canceling the task.
 */
export type EventStream = AsyncIterable<StreamResponse>;

/**
 * The binding-neutral A2A operations, in A2A 1.0 types. The JSON-RPC and HTTP+JSON bindings parse and
 * validate requests (translating 0.3 to 1.0 first), call these, and write the results in the caller's
 * version. Every method rejects with an `A2AError` for a protocol error; anything else is an internal error.
 * Streaming methods reject before returning the stream when the first event cannot be produced (unknown task,
 * terminal task, ...), so bindings can answer with a plain error response instead of an SSE stream. One
 * method per operation of `@baton/protocol`'s operations table.
 */
export interface A2ARequestHandler extends A2AOperationMethods<[call: CallContext], Promise<EventStream>> {}
