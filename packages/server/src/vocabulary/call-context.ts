import type { ProtocolVersion } from '@baton/protocol';

/** Who is calling. Authentication (a later issue) fills it in; without it every caller is anonymous. */
export interface CallUser {
  /** Stable id of the caller; tasks belong to it. `undefined` for an anonymous caller. */
  readonly id?: string;
  /** Scopes granted to the caller, for skill-level authorization. */
  readonly scopes?: readonly string[];
  /** Anything the authentication hook wants the executor to see. */
  readonly claims?: Readonly<Record<string, unknown>>;
}

/** Everything about one call that is not in its params: version, binding, caller, tenant, extensions. */
export interface CallContext {
  /** The protocol version the caller speaks (from `A2A-Version`; missing means 0.3). */
  readonly version: ProtocolVersion;
  /** The binding the call arrived on. */
  readonly binding: 'JSONRPC' | 'HTTP+JSON' | 'GRPC';
  /** The tenant from the REST path prefix or the request's `tenant` field; `undefined` when none. */
  readonly tenant?: string | undefined;
  /** The authenticated caller, if any. */
  readonly user?: CallUser | undefined;
  /** Extension URIs the caller asked to activate (`A2A-Extensions`). */
  readonly requestedExtensions: readonly string[];
  /** Fires when the caller goes away (connection closed) or the server shuts down. */
  readonly signal: AbortSignal;
  /**
   * The agent's base URL as this call reached it (the server's `url` when configured): the issuer of signed
   * push deliveries for configs registered by the call. `undefined` for calls made without a request.
   */
  readonly agentUrl?: string | undefined;
  /** The request's headers (the trace context a caller propagates); `undefined` for calls made without a request. */
  readonly headers?: Headers | undefined;
  /**
   * Keeps the runtime working on `work` after the response is sent, where a runtime stops a request's work
   * with its response (Cloudflare Workers' `ExecutionContext.waitUntil`). `undefined` where work simply goes on
   * (Node, Bun, Deno). A task started by the call runs under it.
   */
  readonly waitUntil?: ((work: Promise<unknown>) => void) | undefined;
}
