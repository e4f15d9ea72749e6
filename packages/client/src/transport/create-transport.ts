import { createJsonRpcTransport } from './json-rpc-transport.ts';
import { createRestTransport } from './rest-transport.ts';
import type { Transport } from './transport.ts';
import type { TransportOptions } from './transport-options.ts';

/** Options of {@link createTransport}: a transport's options plus the interface's binding. */
export interface CreateTransportOptions extends TransportOptions {
  readonly binding: 'JSONRPC' | 'HTTP+JSON';
}

/** Builds the transport for one interface (as `selectInterface` returns it). */
export function createTransport(options: CreateTransportOptions): Transport {
  return options.binding === 'JSONRPC' ? createJsonRpcTransport(options) : createRestTransport(options);
}
