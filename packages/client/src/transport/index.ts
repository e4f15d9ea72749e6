/** Transports: JSON-RPC and HTTP+JSON, each at A2A 1.0 and 0.3. */
export * from './create-transport.ts';
export * from './json-rpc-transport.ts';
export * from './rest-transport.ts';
export * from './transport.ts';
export * from './transport-options.ts';
