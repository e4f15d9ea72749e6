/** One HTTP request the client is about to send; `before` interceptors may change it. */
export interface HttpRequest {
  /** The full URL, query included. */
  url: string;
  /** The fetch init; `headers` is always a `Headers`. */
  init: RequestInit & { headers: Headers };
  /** The A2A operation (`SendMessage`, `GetTask`, …, or `GetAgentCard` for discovery). */
  readonly operation: string;
}

/** What an `after` interceptor learns about the response it sees. */
export interface HttpResponseContext {
  readonly request: HttpRequest;
  /** 1 for the first attempt, 2 for the first retry, … */
  readonly attempt: number;
}

/** Hooks around every HTTP call: logging, tracing, signing, custom auth. */
export interface Interceptor {
  /** Runs before each attempt; may change `request.url` and `request.init` in place. */
  before?(request: HttpRequest): void | Promise<void>;
  /** Runs on each response; may return a replacement response. */
  after?(
    response: Response,
    context: HttpResponseContext,
  ): Response | undefined | Promise<Response | undefined>;
}
