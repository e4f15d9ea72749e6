import { type ProtocolVersion, type StreamResponse, translate } from '@baton/protocol';
import { type BindingLogger, toA2AError } from '../binding/index.ts';
import type { EventStream } from '../handler/request-handler.ts';
import { createSseResponse, type DirectSseTarget, SSE_HEADERS } from '../sse/index.ts';
import { sseIdOf } from '../vocabulary/event-generation.ts';
import { restErrorBody } from './rest-error-response.ts';

/** What {@link restStreamResponse} needs besides the events. */
export interface RestStreamOptions {
  readonly request: Request;
  readonly version: ProtocolVersion;
  readonly heartbeatMs: number | undefined;
  readonly logger: BindingLogger;
  /** Fields that identify the call in a log line. */
  readonly details: Readonly<Record<string, unknown>>;
  /** Write straight to the Node response (see `directSseTarget`). */
  readonly direct?: DirectSseTarget | undefined;
}

/** The `data:` JSON of one event: the bare 1.0 StreamResponse, or the 0.3 REST StreamResponse (with `final`). */
export function serializeStreamEvent(event: StreamResponse, version: ProtocolVersion): string {
  return JSON.stringify(version === '0.3' ? translate.rest.streamResponseToV03(event) : event);
}

/**
 * The SSE response of a streaming operation (spec §11.7): one `data:` frame per event with no JSON-RPC envelope,
 * and an error after the start as a final `event: error` frame carrying the version's error body. A HEAD request
 * gets the headers only, and the stream is released at once.
 */
export function restStreamResponse(events: EventStream, options: RestStreamOptions): Response {
  const { request, version, logger, details } = options;
  if (request.method === 'HEAD') {
    void events[Symbol.asyncIterator]()
      .return?.()
      ?.catch(() => {});
    return new Response(null, { status: 200, headers: SSE_HEADERS });
  }
  return createSseResponse(events, {
    serialize: (event) => serializeStreamEvent(event, version),
    idOf: sseIdOf,
    onError: (error) => JSON.stringify(restErrorBody(toA2AError(error, { logger, details }), version).body),
    heartbeatMs: options.heartbeatMs,
    ...(options.direct ? { direct: options.direct } : { signal: request.signal }),
  });
}
