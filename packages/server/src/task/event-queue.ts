import { A2AError, type StreamResponse } from '@baton/protocol';
import { isFinalEvent } from './final-event.ts';
import type { TaskObserver } from './task-observer.ts';

/** Options of {@link createEventQueue}. */
export interface EventQueueOptions {
  /**
   * How many undelivered events one subscriber may have. A consumer that falls this far behind gets an error
   * and its stream ends (the task goes on; the client can subscribe again and gets the current Task first).
   * Bounded so a stalled client cannot grow memory without limit, and failing instead of blocking so one slow
   * client never slows the task or the other subscribers. Default 10,000.
   */
  readonly maxQueuedEvents?: number | undefined;
  /** Ends the stream (releasing its listener) when it fires, e.g. the caller went away. */
  readonly signal?: AbortSignal;
  /** Called once when the stream ends for any reason (final event, error, close, disconnect). */
  readonly onEnd?: () => void;
}

/**
 * An async iterator that can also hand over, synchronously, the events already waiting behind the one just
 * read, so a writer can send a burst as one frame batch. Ends and errors still come through `next()`.
 */
export interface BatchingIterator<T> extends AsyncIterator<T> {
  takeReady?(): T[];
}

/** A stream fed by a {@link TaskObserver}: one subscriber's ordered, bounded buffer of events. */
export interface EventQueue extends TaskObserver, AsyncIterable<StreamResponse> {
  [Symbol.asyncIterator](): BatchingIterator<StreamResponse>;
  /** Hands over the function that releases the queue's listener; called once the stream ends or is closed. */
  attach(release: () => void): void;
  /** Resolves once the first event is queued; rejects if an error comes first. */
  first(): Promise<void>;
  /** Ends the stream now and releases its listener; the task is not affected. */
  close(): void;
  /** Ends the stream after the events already queued (no error); the task is not affected. */
  end(): void;
  /** Settles `first()` without an event: the stream is open and waits for one (a resume with nothing to replay). */
  open(): void;
}

/** The default bound of {@link EventQueueOptions.maxQueuedEvents}. */
export const DEFAULT_MAX_QUEUED_EVENTS = 10_000;

/**
 * Creates an {@link EventQueue}. It ends after the first final event (see `isFinalEvent`), after an error, or
 * when the consumer stops iterating (`break` calls `return()`), and releases its listener in each case.
 * Events are queued by reference, never copied.
 */
export function createEventQueue(options: EventQueueOptions = {}): EventQueue {
  const max = options.maxQueuedEvents ?? DEFAULT_MAX_QUEUED_EVENTS;
  // A growing array read from `head`, compacted now and then: O(1) per event without Array#shift.
  let buffer: (StreamResponse | undefined)[] = [];
  let head = 0;
  let ended = false; // no more events will be queued
  let closed = false; // the consumer is gone
  let failure: unknown;
  let release: (() => void) | undefined;
  let wake: (() => void) | undefined;
  let firstSeen = false;
  let settleFirst: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  const firstPromise = new Promise<void>((resolve, reject) => {
    settleFirst = { resolve, reject };
  });
  // Nobody may be waiting for the first event; don't report its rejection as unhandled.
  firstPromise.catch(() => undefined);

  let notifiedEnd = false;
  function stop(): void {
    ended = true;
    if (!notifiedEnd) {
      notifiedEnd = true;
      options.onEnd?.();
    }
    options.signal?.removeEventListener('abort', close);
    const releasing = release;
    release = undefined;
    releasing?.();
    wake?.();
  }

  /** Settles `first()`: with the first event, or with the error `failure` makes (built only when needed). */
  function markFirst(failure?: () => unknown): void {
    if (firstSeen) return;
    firstSeen = true;
    if (failure === undefined) settleFirst?.resolve();
    else settleFirst?.reject(failure());
  }

  function close(): void {
    if (closed) return;
    closed = true;
    buffer = [];
    head = 0;
    markFirst(() => A2AError.internal('The stream was closed before its first event'));
    stop();
  }

  if (options.signal?.aborted) close();
  else options.signal?.addEventListener('abort', close, { once: true });

  const queue: EventQueue = {
    event(event) {
      if (ended) return;
      if (buffer.length - head >= max) {
        queue.error(A2AError.internal(`The subscriber fell more than ${max} events behind; subscribe again`));
        return;
      }
      buffer.push(event);
      markFirst();
      if (isFinalEvent(event)) stop();
      else wake?.();
    },
    error(error) {
      if (ended) return;
      failure = error;
      markFirst(() => error);
      stop();
    },
    attach(releaseListener) {
      if (ended) releaseListener();
      else release = releaseListener;
    },
    first: () => firstPromise,
    open: () => markFirst(),
    close,
    end() {
      if (ended) return;
      markFirst(() => A2AError.internal('The stream ended before its first event'));
      stop();
    },
    [Symbol.asyncIterator](): BatchingIterator<StreamResponse> {
      return {
        async next(): Promise<IteratorResult<StreamResponse>> {
          while (!closed) {
            if (head < buffer.length) {
              const event = buffer[head];
              buffer[head] = undefined; // let it be collected
              head += 1;
              if (head > 1024 && head * 2 > buffer.length) {
                buffer = buffer.slice(head);
                head = 0;
              }
              if (event) return { value: event, done: false };
            }
            if (failure !== undefined) {
              const error = failure;
              failure = undefined;
              close();
              throw error;
            }
            if (ended) break;
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
            wake = undefined;
          }
          close();
          return { value: undefined, done: true };
        },
        async return(): Promise<IteratorResult<StreamResponse>> {
          close();
          return { value: undefined, done: true };
        },
        takeReady(): StreamResponse[] {
          const ready: StreamResponse[] = [];
          if (closed) return ready;
          while (head < buffer.length) {
            const event = buffer[head];
            buffer[head] = undefined;
            head += 1;
            if (event) ready.push(event);
          }
          buffer = [];
          head = 0;
          return ready;
        },
      };
    },
  };
  return queue;
}
