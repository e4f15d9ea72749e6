/** What the client's telemetry is to the transports: a contract with no OpenTelemetry in it. */

/** One call traced: the headers that carry its trace context, and how to end it. */
export interface ClientCallTrace {
  /** `traceparent` (and `tracestate`) for the request; empty when nothing is propagated. */
  readonly headers: Readonly<Record<string, string>>;
  /** Ends the call's span: with the HTTP status it got, or the error it failed with. */
  end(result: { readonly status?: number; readonly error?: unknown }): void;
}

/** Starts the trace of each call of one interface; `undefined` when the call gets nothing. */
export type ClientCallTracer = (operation: string, url: string) => ClientCallTrace | undefined;

/**
 * How a client's calls are traced and counted: `clientOpenTelemetry()`, or your own. Passed as
 * `createA2AClient({ telemetry })`; without it the client carries no telemetry code at all.
 */
export interface ClientTelemetry {
  /** The tracer of the calls to one interface (`version` is the interface's protocol version). */
  calls(version: string): ClientCallTracer;
  /** Adds the active trace context to the headers of a request made outside a call (the card fetch). */
  inject(headers: Headers): void;
}

/** A tracer that adds nothing to a call. */
export const NO_CALL_TRACE: ClientCallTracer = () => undefined;
