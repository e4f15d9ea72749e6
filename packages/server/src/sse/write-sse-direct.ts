import type { SseResponseOptions } from './create-sse-response.ts';
import type { DirectSseTarget } from './direct-sse-target.ts';
import { framesOf, releaseSource, type SseSource } from './sse-frames.ts';
import { DEFAULT_HEARTBEAT_MS, MAX_TIMER_MS, SSE_HEADERS } from './sse-settings.ts';

const HEARTBEAT = ': keep-alive\n\n';

/**
 * Writes `events` as SSE straight to a Node response, with the same frames, batching, heartbeats, error frame
 * and release rules as the `ReadableStream` writer in `createSseResponse`. It saves what the web-stream path
 * costs per stream on @hono/node-server: a reader and a promise per chunk, and a separate write of the headers
 * (node-server flushes them before the body); here the headers go out with the first events, and a stream
 * whose events are all ready (a fast task) leaves in one write. Backpressure: it waits for `drain` before
 * reading on. The client going away (`close`) releases the events' iterator.
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
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let uncorkTimer: ReturnType<typeof setTimeout> | undefined;

  const finish = (): void => {
    finished = true;
    if (heartbeat !== undefined) clearInterval(heartbeat);
    // `end()` flushes a corked response itself; a late uncork could only meet the connection's next answer.
    if (uncorkTimer !== undefined) clearTimeout(uncorkTimer);
    outgoing.off('close', abandon);
  };
  function abandon(): void {
    if (finished) return;
    finish();
    releaseSource(iterator);
  }
  const end = (): void => {
    finish();
    outgoing.end();
  };
  const fail = (error: unknown): void => {
    let data: string | undefined;
    try {
      data = onError(error);
    } catch {
      data = undefined;
    }
    if (data !== undefined) outgoing.write(`event: error\ndata: ${data}\n\n`);
    end();
  };
  // Writes made in one turn leave together: corked now, uncorked on the next timer tick (or by `end()`).
  const write = (text: string): boolean => {
    if (outgoing.cork && uncorkTimer === undefined) {
      outgoing.cork();
      uncorkTimer = setTimeout(() => {
        uncorkTimer = undefined;
        outgoing.uncork?.();
      }, 0);
    }
    return outgoing.write(text);
  };
  const drained = () =>
    new Promise<void>((resolve) => {
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

  outgoing.writeHead(200, { ...SSE_HEADERS, ...options.headers, ...target.headers });
  outgoing.once('close', abandon);
  if (heartbeatOn) {
    heartbeat = setInterval(() => {
      if (!finished) write(HEARTBEAT);
    }, heartbeatMs);
  }
  void pump();
  return target.alreadySent();
}
