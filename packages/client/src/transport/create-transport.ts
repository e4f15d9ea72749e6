import { A2AClientError } from '../errors/client-error.ts';
import { createJsonRpcTransport } from './json-rpc-transport.ts';
import { createRestTransport } from './rest-transport.ts';
import type { Transport, TransportFactories } from './transport.ts';
import type { TransportOptions } from './transport-options.ts';

/** Options of {@link createTransport}: a transport's options plus the interface's binding. */
export interface CreateTransportOptions extends TransportOptions {
  readonly binding: 'JSONRPC' | 'HTTP+JSON' | 'GRPC';
  /** Transports of the other bindings (gRPC), when the caller brought them. */
  readonly transports?: TransportFactories;
}

/** Builds the transport for one interface (as `selectInterface` returns it). */
export function createTransport(options: CreateTransportOptions): Transport {
  const { binding, transports, ...transportOptions } = options;
  if (binding === 'JSONRPC') return createJsonRpcTransport(transportOptions);
  if (binding === 'HTTP+JSON') return createRestTransport(transportOptions);
  const factory = transports?.[binding];
  if (!factory) {
    throw new A2AClientError(
      'NO_USABLE_INTERFACE',
      `The ${binding} binding needs its transport: pass transports.${binding} (for gRPC, grpcTransport() from @baton/grpc)`,
    );
  }
  return factory(transportOptions);
}
