import type { SseResponseOptions } from './create-sse-response.ts';
import type { DirectSseTarget } from './direct-sse-target.ts';
import { framesOf, releaseSource, type SseSource } from './sse-frames.ts';
import { DEFAULT_HEARTBEAT_MS, MAX_TIMER_MS, SSE_HEADERS } from './sse-settings.ts';

const HEARTBEAT = ': keep-alive\n\n';

/** Text the writer holds before it writes without waiting for the timer: a Node stream's default high-water mark. */
const FLUSH_AT = 16 * 1024;

/**
 * Writes `events` as SSE straight to a Node response, with the same frames, batching, heartbeats, error frame
 * and release rules as the `ReadableStream` writer in `createSseResponse`. It saves what the web-stream path
 * costs per stream on @hono/node-server: a reader and a promise per chunk, and a separate write of the headers
 * (node-server flushes them before the body).
 *
 * Frames made in one turn are joined into one string and written on the next timer tick (or at 16 KB, or at the
 * end), so Node frames and copies one chunk instead of one per event. A stream whose events are all ready before
 * that tick (a fast task) leaves as one body with a `Content-Length` and the headers, in one write. Backpressure:
 * once Node's buffer is full it waits for `drain` before reading on. The client going away (`close`) releases the
 * events' iterator.
 */
export function writeSseDirect<Event>(
  events: AsyncIterable<Event>,
  options: SseResponseOptions<Event>,
  target: DirectSseTarget,
): Response {
  const { serialize, onError } = options;
  const { outgoing } = target;
  const iterator: SseSource<Event> = events[Symbol.asyncIterator]();
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const heartbeatOn = heartbeatMs > 0 && heartbeatMs <= MAX_TIMER_MS;
  let finished = false;
  let headed = false;
  let congested = false;
  let pending = '';
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;

  const headers = (): Record<string, string> => ({ ...SSE_HEADERS, ...options.headers, ...target.headers });
  const head = (): void => {
    headed = true;
    outgoing.writeHead(200, headers());
  };
  const relieved = (): void => {
    congested = false;
  };
  const flush = (): void => {
    if (flushTimer !== undefined) clearTimeout(flushTimer);
    flushTimer = undefined;
    if (finished) return;
    if (!headed) head();
    if (pending === '') return;
    const text = pending;
    pending = '';
    if (!outgoing.write(text) && !congested) {
      congested = true;
      outgoing.once('drain', relieved);
    }
  };
  const finish = (): void => {
    finished = true;
    pending = '';
    if (heartbeat !== undefined) clearInterval(heartbeat);
    if (flushTimer !== undefined) clearTimeout(flushTimer);
    outgoing.off('close', abandon);
    outgoing.off('drain', relieved);
  };
  function abandon(): void {
    if (finished) return;
    finish();
    releaseSource(iterator);
  }
  const end = (): void => {
    const text = pending;
    if (!headed) {
      // Headers set, not written: Node writes them with the body and its Content-Length, in one write.
      headed = true;
      for (const [name, value] of Object.entries(headers())) outgoing.setHeader(name, value);
    }
    finish();
    if (text === '') outgoing.end();
    else outgoing.end(text);
  };
  const fail = (error: unknown): void => {
    let data: string | undefined;
    try {
      data = onError(error);
    } catch {
      data = undefined;
    }
    if (data !== undefined) pending += `event: error\ndata: ${data}\n\n`;
    end();
  };
  /** Adds a frame to this turn's text; false when the reader must wait for Node's buffer to drain. */
  const write = (text: string): boolean => {
    pending += text;
    if (pending.length >= FLUSH_AT) flush();
    else if (flushTimer === undefined) flushTimer = setTimeout(flush, 0);
    return !congested;
  };
  const drained = () =>
    new Promise<void>((resolve) => {
      if (!congested) return resolve();
      const done = () => {
        outgoing.off('drain', done);
        outgoing.off('close', done);
        resolve();
      };
      outgoing.once('drain', done);
      outgoing.once('close', done);
    });

  async function pump(): Promise<void> {
    for (;;) {
      let result: IteratorResult<Event>;
      try {
        result = await iterator.next();
      } catch (error) {
        if (!finished) fail(error);
        return;
      }
      if (finished) return;
      if (result.done === true) return end();
      let text: string;
      try {
        text = framesOf(result.value, iterator, serialize, options.idOf);
      } catch (error) {
        releaseSource(iterator);
        fail(error);
        return;
      }
      if (!write(text)) await drained();
    }
  }

  outgoing.once('close', abandon);
  if (heartbeatOn) {
    heartbeat = setInterval(() => {
      if (!finished) write(HEARTBEAT);
    }, heartbeatMs);
  }
  void pump();
  return target.alreadySent();
}
