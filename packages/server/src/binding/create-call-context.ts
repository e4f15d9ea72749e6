import {
  A2A_EXTENSIONS_HEADER,
  LEGACY_EXTENSIONS_HEADER,
  type ProtocolVersion,
  parseExtensionsHeader,
} from '@baton/protocol';
import type { CallContext, CallUser } from '../vocabulary/call-context.ts';

/** What {@link createCallContext} reads: the HTTP request plus what the binding worked out about the call. */
export interface CreateCallContextOptions {
  /** The incoming request: its headers give the extensions, its signal the caller going away. */
  readonly request: Request;
  /** The negotiated protocol version. */
  readonly version: ProtocolVersion;
  /** The binding the call arrived on. */
  readonly binding: CallContext['binding'];
  /** The tenant from the REST path or the 1.0 request's `tenant` field; `""` counts as none. */
  readonly tenant?: string | undefined;
  /** The authenticated caller, if any. */
  readonly user?: CallUser | undefined;
  /** Overrides the request's own signal, e.g. to combine it with a server shutdown signal. */
  readonly signal?: AbortSignal | undefined;
  /** Works out the agent's base URL from the request, when something asks for it. */
  readonly agentUrlOf?: ((request: Request) => string) | undefined;
  /** Keeps background work alive after the response, where the runtime needs it (see `CallContext.waitUntil`). */
  readonly waitUntil?: ((work: Promise<unknown>) => void) | undefined;
}

/**
 * The extension URIs a request asks to activate: `A2A-Extensions`, plus its 0.3 spelling `X-A2A-Extensions`
 * for a 0.3 call (0.3 clients send the `X-` form; some send both). Deduplicated, in order.
 */
export function readRequestedExtensions(request: Request, version: ProtocolVersion): string[] {
  const values = [request.headers.get(A2A_EXTENSIONS_HEADER)];
  if (version === '0.3') values.push(request.headers.get(LEGACY_EXTENSIONS_HEADER));
  return parseExtensionsHeader(values.filter((value): value is string => value !== null));
}

/** Builds the {@link CallContext} of one call, leaving out what the request does not have. */
export function createCallContext(options: CreateCallContextOptions): CallContext {
  return new HttpCallContext(options, readRequestedExtensions(options.request, options.version));
}

/**
 * A call context read from an HTTP request. A class, not an object literal: its getters are read only when used
 * (on @hono/node-server reading `request.signal` makes an AbortController, which a blocking call that finishes in
 * its first turn never needs; the agent URL is worked out only for a push config registration), and a literal
 * with getters is a dictionary-mode object in V8 that, made once per call, kept what its getters close over
 * alive through young collections (see docs/benchmarks.md, "What a task costs").
 */
class HttpCallContext implements CallContext {
  readonly version: ProtocolVersion;
  readonly binding: CallContext['binding'];
  readonly requestedExtensions: readonly string[];
  readonly tenant: string | undefined;
  readonly user: CallUser | undefined;
  readonly waitUntil: ((work: Promise<unknown>) => void) | undefined;
  private readonly options: CreateCallContextOptions;

  constructor(options: CreateCallContextOptions, requestedExtensions: readonly string[]) {
    this.version = options.version;
    this.binding = options.binding;
    this.requestedExtensions = requestedExtensions;
    this.tenant = options.tenant || undefined;
    this.user = options.user;
    this.waitUntil = options.waitUntil;
    this.options = options;
  }

  get signal(): AbortSignal {
    return this.options.signal ?? this.options.request.signal;
  }

  get headers(): Headers {
    return this.options.request.headers;
  }

  get agentUrl(): string | undefined {
    const { agentUrlOf, request } = this.options;
    return agentUrlOf === undefined ? undefined : agentUrlOf(request);
  }
}
