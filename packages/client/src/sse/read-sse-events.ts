import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { A2AClientError } from '../errors/client-error.ts';

/** Default cap on one event's size: 8 MiB (counted in characters of the decoded stream). */
export const DEFAULT_MAX_EVENT_BYTES = 8 * 1024 * 1024;

/** One Server-Sent Event: its `event` type (if any) and its `data`. */
export type SseEvent = EventSourceMessage;

/** Options of {@link readSseEvents}. */
export interface ReadSseOptions {
  /** Largest event accepted; a bigger one is a PROTOCOL error and closes the stream. */
  readonly maxEventBytes?: number;
  /** Called for every chunk that arrives, events and heartbeat comments alike (idle timers restart here). */
  readonly onChunk?: () => void;
}

/**
 * Parses an SSE body into events with eventsource-parser. Ending the iteration early (break, return, throw)
 * cancels the body, which closes the connection.
 */
export async function* readSseEvents(
  body: ReadableStream<Uint8Array>,
  options: ReadSseOptions = {},
): AsyncGenerator<SseEvent, void, undefined> {
  const maxEventBytes = options.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES;
  const queue: SseEvent[] = [];
  let failure: A2AClientError | undefined;
  const parser = createParser({
    maxBufferSize: maxEventBytes,
    onEvent: (event) => queue.push(event),
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded') {
        failure = new A2AClientError('PROTOCOL', `An SSE event exceeded ${maxEventBytes} bytes`, {
          cause: error,
        });
      }
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let finished = false;
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) {
        parser.feed(decoder.decode());
        finished = true;
      } else {
        options.onChunk?.();
        parser.feed(decoder.decode(value, { stream: true }));
      }
      while (queue.length > 0) {
        const event = queue.shift();
        if (event) yield event;
      }
      if (failure) throw failure;
      if (finished) return;
    }
  } finally {
    // Not awaited: cancelling must not wait on a peer that stopped talking.
    if (!finished) reader.cancel().catch(() => {});
  }
}
