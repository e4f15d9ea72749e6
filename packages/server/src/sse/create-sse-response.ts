import type { DirectSseTarget } from './direct-sse-target.ts';
import { framesOf, releaseSource, type SseSource } from './sse-frames.ts';
import { DEFAULT_HEARTBEAT_MS, MAX_TIMER_MS, SSE_HEADERS } from './sse-settings.ts';
import { writeSseDirect } from './write-sse-direct.ts';

export { DEFAULT_HEARTBEAT_MS, SSE_HEADERS } from './sse-settings.ts';

/** How {@link createSseResponse} writes a stream. */
export interface SseResponseOptions<Event> {
  /** The single-line JSON of one event's `data:` line; called once per event, so do one `JSON.stringify` here. */
  readonly serialize: (event: Event) => string;
  /** The event's SSE `id:` (what a resuming client sends back as `Last-Event-ID`); none when it gives `undefined`. */
  readonly idOf?: ((event: Event) => string | undefined) | undefined;
  /**
   * The single-line data of the final `event: error` frame, for an error the events (or `serialize`) threw after
   * the response began. Log the error here if it matters; if this throws, the stream just closes.
   */
  readonly onError: (error: unknown) => string;
  /** Milliseconds between `: keep-alive` comment frames; default 15 000; `0`, `Infinity` or NaN turn them off. */
  readonly heartbeatMs?: number | undefined;
  /** Aborts when the caller goes away; the stream then ends and the events' iterator is returned. */
  readonly signal?: AbortSignal | undefined;
  /** Extra response headers (e.g. `A2A-Extensions`). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /**
   * Write straight to this Node response instead of returning a `ReadableStream` (see `directSseTarget`);
   * `signal` is then not needed: the response's `close` says the client went away.
   */
  readonly direct?: DirectSseTarget | undefined;
}

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(': keep-alive\n\n');

/**
 * Streams `events` as a `text/event-stream` response: each event one `data: <json>\n\n` frame, pulled only as
 * fast as the client reads. An error thrown after the start becomes a final `event: error` frame. When the
 * client goes away (the body is canceled or `signal` aborts) the events' iterator is returned, so its source
 * can release whatever it holds; a normal end or an error needs no return. Runtime-neutral: plain
 * `ReadableStream`, one shared `TextEncoder`, no framework helper.
 *
 * @example
 * return createSseResponse(events, {
 *   serialize: (event) => JSON.stringify(event),
 *   onError: (error) => JSON.stringify(toRestError(error)),
 *   signal: c.req.raw.signal,
 * });
 */
export function createSseResponse<Event>(
  events: AsyncIterable<Event>,
  options: SseResponseOptions<Event>,
): Response {
  if (options.direct) return writeSseDirect(events, options, options.direct);
  const { serialize, onError, signal } = options;
  // A source that can hand over the events already waiting (an EventQueue can) is written a burst at a time:
  // one string, one encode, one chunk per burst instead of per event.
  const iterator: SseSource<Event> = events[Symbol.asyncIterator]();
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  // Timers overflow past 2^31-1 ms and then fire every millisecond; treat that (and NaN) as "off".
  const heartbeatOn = heartbeatMs > 0 && heartbeatMs <= MAX_TIMER_MS;
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let finished = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;

  const finish = (): void => {
    finished = true;
    if (heartbeat !== undefined) clearInterval(heartbeat);
    signal?.removeEventListener('abort', abandon);
  };
  // The client is gone: stop writing and hand the iterator back, without waiting for a pending next().
  function abandon(): void {
    if (finished) return;
    finish();
    releaseSource(iterator);
    try {
      controller?.close();
    } catch {
      // Already closed or canceled: nothing to do.
    }
  }
  const fail = (error: unknown): void => {
    let data: string | undefined;
    try {
      data = onError(error);
    } catch {
      data = undefined;
    }
    if (data !== undefined) controller?.enqueue(encoder.encode(`event: error\ndata: ${data}\n\n`));
    finish();
    controller?.close();
  };

  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      if (signal?.aborted) return abandon();
      signal?.addEventListener('abort', abandon, { once: true });
      if (heartbeatOn) {
        heartbeat = setInterval(() => {
          if (!finished) streamController.enqueue(HEARTBEAT);
        }, heartbeatMs);
      }
    },
    async pull(streamController) {
      if (finished) return;
      let result: IteratorResult<Event>;
      try {
        result = await iterator.next();
      } catch (error) {
        if (!finished) fail(error);
        return;
      }
      if (finished) return;
      if (result.done === true) {
        finish();
        streamController.close();
        return;
      }
      let frame: Uint8Array;
      try {
        frame = encoder.encode(framesOf(result.value, iterator, serialize, options.idOf));
      } catch (error) {
        // The source is still live: release it before reporting, as if the client had gone.
        releaseSource(iterator);
        fail(error);
        return;
      }
      streamController.enqueue(frame);
    },
    cancel() {
      abandon();
    },
  });

  return new Response(body, { status: 200, headers: { ...SSE_HEADERS, ...options.headers } });
}
