import { isA2AError } from '@baton/protocol';
import { A2AClientError, isA2AClientError } from '../errors/client-error.ts';

/** The signal of one call: the caller's signal plus a timer that can be paused and restarted (idle timeouts). */
export interface CallSignal {
  readonly signal: AbortSignal;
  /** Whether the timer (not the caller) ended the call. */
  readonly timedOut: boolean;
  /** (Re)starts the timer with `ms`. */
  restart(ms: number | undefined): void;
  /** Stops the timer. */
  pause(): void;
  /** Stops the timer and detaches from the caller's signal; aborts the call if `abort` is set. */
  dispose(abort?: boolean): void;
}

/** Combines the caller's signal with a timeout of `timeoutMs` (none when undefined or not finite). */
export function createCallSignal(parent: AbortSignal | undefined, timeoutMs: number | undefined): CallSignal {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let limitMs = timeoutMs;
  const onParentAbort = () => controller.abort(parent?.reason);
  if (parent?.aborted) controller.abort(parent.reason);
  else parent?.addEventListener('abort', onParentAbort, { once: true });

  const pause = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const restart = (ms: number | undefined) => {
    pause();
    limitMs = ms;
    if (ms === undefined || !Number.isFinite(ms) || controller.signal.aborted) return;
    timer = setTimeout(() => {
      call.timedOut = true;
      controller.abort(new A2AClientError('TIMEOUT', `No answer within ${limitMs} ms`));
    }, ms);
  };
  // A plain field the timer sets, not a getter: a getter in an object literal made per call is a
  // dictionary-mode object in V8 (see docs/benchmarks.md, "What a task costs").
  const call: { -readonly [Key in keyof CallSignal]: CallSignal[Key] } = {
    signal: controller.signal,
    timedOut: false,
    restart,
    pause,
    dispose(abort = false) {
      pause();
      parent?.removeEventListener('abort', onParentAbort);
      if (abort && !controller.signal.aborted) controller.abort(new Error('The call ended'));
    },
  };
  restart(timeoutMs);
  return call;
}

/**
 * Turns what a fetch or body read threw into the client's error: TIMEOUT when the timer fired, ABORTED when the
 * caller aborted, errors that are already typed unchanged, NETWORK for the rest.
 */
export function toCallError(error: unknown, call: CallSignal, parent: AbortSignal | undefined): Error {
  if (call.timedOut) {
    return isA2AClientError(error, 'TIMEOUT')
      ? error
      : new A2AClientError('TIMEOUT', 'The call timed out', { cause: error });
  }
  if (parent?.aborted) return new A2AClientError('ABORTED', 'The call was aborted', { cause: parent.reason });
  if (isA2AClientError(error) || isA2AError(error)) return error;
  return new A2AClientError('NETWORK', `The connection failed: ${describe(error)}`, { cause: error });
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
