/** Transports: JSON-RPC and HTTP+JSON, each at A2A 1.0 and 0.3, and what another binding's transport is built from. */
export { bindOperations, type OperationRunners } from './bind-operations.ts';
export * from './create-transport.ts';
export { decodeShape } from './decode.ts';
// The 1.0 operations as method name and ProtoJSON params, shared by every 1.0 binding whose wire is ProtoJSON.
export {
  JSON_RPC_V1_CODECS as V1_OPERATION_CODECS,
  type JsonRpcWire as V1OperationWire,
} from './json-rpc-codecs.ts';
export * from './json-rpc-transport.ts';
export {
  IDEMPOTENT_OPERATIONS,
  OPERATION_METHODS,
  type OperationCodec,
  type OperationCodecs,
  type OperationName,
} from './operation-codec.ts';
export * from './rest-transport.ts';
export * from './transport.ts';
export * from './transport-options.ts';
export { withInterfaceTenant } from './with-tenant.ts';
