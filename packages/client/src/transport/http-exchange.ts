import { A2A_VERSION_HEADER, SSE_MEDIA_TYPE } from '@baton/protocol';
import { createCallSignal, toCallError } from '../http/call-signal.ts';
import { readCappedText } from '../http/read-capped-text.ts';
import { sendHttpRequest } from '../http/send-http-request.ts';
import { readSseEvents, type SseEvent } from '../sse/read-sse-events.ts';
import { type ClientCallTrace, NO_CALL_TRACE } from '../telemetry/client-telemetry.ts';
import type { CallOptions } from './transport.ts';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_STREAM_IDLE_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  type TransportOptions,
} from './transport-options.ts';

/** One request of a transport, before headers and credentials. */
export interface ExchangeRequest {
  readonly operation: string;
  readonly url: string;
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly body?: unknown;
  readonly contentType?: string;
  readonly accept: string;
  readonly retryable: boolean;
}

/** A unary response, read to the end. */
export interface RawResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

/** The HTTP plumbing both bindings share: headers, timeouts, retries, SSE. */
export interface HttpExchange {
  unary(request: ExchangeRequest, call?: CallOptions): Promise<RawResponse>;
  /** Opens an SSE stream; a response that is not SSE goes to `notSse`, whose error is thrown. */
  stream(
    request: ExchangeRequest,
    call: CallOptions | undefined,
    notSse: (response: RawResponse) => Error,
  ): AsyncGenerator<SseEvent, void, undefined>;
}

/** Builds the {@link HttpExchange} of one interface. */
export function createHttpExchange(options: TransportOptions): HttpExchange {
  const telemetry = options.telemetry?.calls(options.version) ?? NO_CALL_TRACE;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const toCall = (
    request: ExchangeRequest,
    call: CallOptions | undefined,
    traced: ClientCallTrace | undefined,
  ) => ({
    operation: request.operation,
    url: request.url,
    method: request.method,
    retryable: request.retryable,
    headers: {
      [A2A_VERSION_HEADER]: options.version,
      Accept: request.accept,
      ...(request.body === undefined ? {} : { 'Content-Type': request.contentType ?? 'application/json' }),
      ...traced?.headers,
      ...call?.headers,
    },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });

  return {
    async unary(request, call) {
      const signal = createCallSignal(
        call?.signal,
        call?.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      );
      const traced = telemetry(request.operation, request.url);
      try {
        const response = await sendHttpRequest(options, toCall(request, call, traced), signal, call?.signal);
        const text = await readCappedText(response, maxResponseBytes, `The answer to ${request.operation}`);
        traced?.end({ status: response.status });
        return { status: response.status, headers: response.headers, text };
      } catch (error) {
        const failure = toCallError(error, signal, call?.signal);
        traced?.end({ error: failure });
        throw failure;
      } finally {
        signal.dispose();
      }
    },

    async *stream(request, call, notSse) {
      const signal = createCallSignal(
        call?.signal,
        call?.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      );
      const idleMs = options.streamIdleTimeoutMs ?? DEFAULT_STREAM_IDLE_TIMEOUT_MS;
      let started = false;
      let answered: Error | undefined;
      const traced = telemetry(request.operation, request.url);
      let status: number | undefined;
      let failure: unknown;
      try {
        const response = await sendHttpRequest(options, toCall(request, call, traced), signal, call?.signal);
        status = response.status;
        const type = response.headers.get('content-type') ?? '';
        if (!response.ok || !type.toLowerCase().startsWith(SSE_MEDIA_TYPE) || !response.body) {
          const text = await readCappedText(response, maxResponseBytes, `The answer to ${request.operation}`);
          answered = notSse({ status: response.status, headers: response.headers, text });
          throw answered;
        }
        const events = readSseEvents(response.body, {
          ...(options.maxEventBytes === undefined ? {} : { maxEventBytes: options.maxEventBytes }),
          onChunk: () => {
            if (started) signal.restart(idleMs);
          },
        });
        for await (const event of events) {
          started = true;
          // The caller may take its time with an event: the idle clock only runs while we wait on the peer.
          signal.pause();
          yield event;
          signal.restart(idleMs);
        }
      } catch (error) {
        // What the peer answered instead of a stream is already the right error.
        failure = error === answered ? error : toCallError(error, signal, call?.signal);
        throw failure;
      } finally {
        signal.dispose(true);
        traced?.end(failure === undefined ? (status === undefined ? {} : { status }) : { error: failure });
      }
    },
  };
}
