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

/**
 * Creates a {@link LazyAbort}. A class, not an object literal: a literal with getters is a dictionary-mode object
 * in V8, slower to read and, made once per execution, it kept what its getters close over alive through young
 * collections (see docs/benchmarks.md, "What a task costs").
 */
export function createLazyAbort(): LazyAbort {
  return new DeferredAbort();
}

class DeferredAbort implements LazyAbort {
  private controller: AbortController | undefined = undefined;
  private abortReason: unknown = undefined;
  aborted = false;

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.abortReason);
    }
    return this.controller.signal;
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.abortReason = reason;
    this.controller?.abort(reason);
  }
}
