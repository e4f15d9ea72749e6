/** Transports: JSON-RPC and HTTP+JSON, each at A2A 1.0 and 0.3, and what another binding's transport is built from. */
export { bindOperations, type OperationRunners } from './bind-operations.ts';
export { type CreateTransportOptions, createTransport } from './create-transport.ts';
export { decodeShape } from './decode.ts';
// The 1.0 operations as method name and ProtoJSON params, shared by every 1.0 binding whose wire is ProtoJSON.
export {
  JSON_RPC_V1_CODECS as V1_OPERATION_CODECS,
  type JsonRpcWire as V1OperationWire,
} from './json-rpc-codecs.ts';
export { createJsonRpcTransport } from './json-rpc-transport.ts';
export {
  IDEMPOTENT_OPERATIONS,
  OPERATION_METHODS,
  type OperationCodec,
  type OperationCodecs,
  type OperationName,
} from './operation-codec.ts';
export { createRestTransport } from './rest-transport.ts';
export type { CallOptions, Transport, TransportFactories, TransportFactory } from './transport.ts';
export {
  DEFAULT_STREAM_IDLE_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  type TransportOptions,
} from './transport-options.ts';
export { withInterfaceTenant } from './with-tenant.ts';
