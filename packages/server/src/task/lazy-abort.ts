/**
 * An abort signal that is only made when someone reads it. Most executions and calls never look at theirs,
 * and an `AbortController` costs a few microseconds of a small call's budget (measured with `--cpu-prof`).
 */
export interface LazyAbort {
  /** The signal; made on first read, already aborted when {@link abort} came first. */
  readonly signal: AbortSignal;
  /** Whether {@link abort} was called. */
  readonly aborted: boolean;
  /** Aborts with `reason` (once): the signal if it was made, or the one made later. */
  abort(reason: unknown): void;
}

/** Creates a {@link LazyAbort}. */
export function createLazyAbort(): LazyAbort {
  let controller: AbortController | undefined;
  let aborted = false;
  let abortReason: unknown;
  return {
    get signal() {
      if (!controller) {
        controller = new AbortController();
        if (aborted) controller.abort(abortReason);
      }
      return controller.signal;
    },
    get aborted() {
      return aborted;
    },
    abort(reason) {
      if (aborted) return;
      aborted = true;
      abortReason = reason;
      controller?.abort(reason);
    },
  };
}
