import type { A2AOperationMethods, ProtocolVersion, StreamResponse } from '@baton/protocol';
import type { TransportOptions } from './transport-options.ts';

/** Per-call options every transport method takes. */
export interface CallOptions {
  /** Cancels the call (and closes a stream). */
  readonly signal?: AbortSignal;
  /** Overrides the client's timeout for this call, in milliseconds (for streams: until the first event). */
  readonly timeoutMs?: number;
  /** Extra headers for this call. */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * One way of talking to an agent: a binding (JSON-RPC, HTTP+JSON, or gRPC through `@baton/grpc`) at one protocol version (1.0 or 0.3),
 * at one URL. Every method speaks A2A 1.0 types whatever the wire version; 0.3 transports translate with
 * `@baton/protocol`'s `translate`. Methods reject with `A2AError` for what the server said and with
 * `A2AClientError` for local failures. Streams are async iterables: breaking out of the loop, or aborting
 * the signal, closes the connection.
 */
export interface Transport
  extends A2AOperationMethods<[options?: CallOptions], AsyncIterable<StreamResponse>> {
  readonly binding: 'JSONRPC' | 'HTTP+JSON' | 'GRPC';
  readonly version: ProtocolVersion;
  readonly url: string;
}

/** Builds the transport of a binding the client does not carry itself (gRPC, from `@baton/grpc`). */
export type TransportFactory = (options: TransportOptions) => Transport;

/** Transports for bindings beyond JSON-RPC and HTTP+JSON, by binding name. */
export interface TransportFactories {
  readonly GRPC?: TransportFactory;
}
