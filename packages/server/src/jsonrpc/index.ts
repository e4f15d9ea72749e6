/** The A2A JSON-RPC 2.0 binding: 1.0 and 0.3 methods on one endpoint, with SSE streaming. */
export { createJsonRpcApp, type JsonRpcAppOptions } from './create-json-rpc-app.ts';
