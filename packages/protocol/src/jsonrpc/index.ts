/** JSON-RPC 2.0: envelope schemas, response builders and the A2A method names of 1.0 and 0.3. */
export {
  createJsonRpcError,
  createJsonRpcRequest,
  createJsonRpcSuccess,
  type JsonRpcErrorOptions,
} from './create.ts';
export {
  isJsonRpcErrorResponse,
  isNotification,
  type JsonRpcErrorResponse,
  JsonRpcErrorResponseSchema,
  type JsonRpcId,
  JsonRpcIdSchema,
  type JsonRpcMessage,
  JsonRpcMessageSchema,
  type JsonRpcRequest,
  JsonRpcRequestSchema,
  type JsonRpcResponse,
  JsonRpcResponseSchema,
  type JsonRpcSuccessResponse,
  JsonRpcSuccessResponseSchema,
  jsonRpcSuccessResponseSchema,
} from './envelope.ts';
export {
  A2A_METHODS,
  type A2AMethod,
  isA2AMethod,
  LEGACY_METHOD_ALIASES,
  type ResolvedMethod,
  resolveMethod,
  STREAMING_METHODS,
  toV03Method,
  V1_TO_V03_METHOD,
  V03_METHODS,
  V03_TO_V1_METHOD,
  type V03Method,
} from './methods.ts';
