/** What the load generator is asked to do and what it reports. */

/**
 * How a response is checked: a completed task with N parts, a stream of N chunks ending completed, a card, a
 * ListTasks page of `pageSize` tasks, or a GetTask answer with `history` messages.
 */
export type Expectation =
  | { readonly kind: 'task'; readonly chunks: number }
  | { readonly kind: 'stream'; readonly chunks: number }
  | { readonly kind: 'card' }
  | { readonly kind: 'list'; readonly pageSize: number }
  | { readonly kind: 'history'; readonly history: number };

export interface LoadJob {
  /** `http://host:port` of the target. */
  readonly origin: string;
  /** Send each call over gRPC to the origin's `host:port` instead of HTTP: the body's method and params. */
  readonly grpc?: boolean;
  readonly path: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Readonly<Record<string, string>>;
  /** The request body; every `{n}` in it becomes a token unique to the request, across runs too (unique message ids). */
  readonly body?: string;
  readonly expect: Expectation;
  /** Requests in flight at once (a closed loop: each finished request starts the next). */
  readonly concurrency: number;
  /** Time spent warming up before measuring, in ms. */
  readonly warmupMs: number;
  /** Measure for this long (timed mode)… */
  readonly durationMs?: number;
  /** …or until this many requests completed (counted mode, no warm-up). */
  readonly requests?: number;
}

export interface LoadResult {
  /** Requests completed inside the measured window. */
  readonly requests: number;
  /** Of those, answers that were not what the workload expects (status, shape or content). */
  readonly errors: number;
  readonly firstError?: string;
  readonly elapsedMs: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** SSE events received inside the window (streams only). */
  readonly events: number;
  /** CPU the load generator used in the window, in % of one core: near 100 means it may be the bottleneck. */
  readonly cpuPercent: number;
}
