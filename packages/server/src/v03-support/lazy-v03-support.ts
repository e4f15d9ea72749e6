/**
 * The 0.3 readers, loaded with the first 0.3 call (`#v03-support` on Node, Bun and Deno): building the 0.3 schemas
 * is a third of the protocol's start-up work, and a server that only hears 1.0 never needs them.
 */
export const loadJsonRpcV03Readers = () =>
  import('../jsonrpc/json-rpc-v03-readers.ts').then((module) => module.V03_READERS);

/** The 0.3 HTTP+JSON operations, loaded with the first 0.3 call. */
export const loadRestV03Operations = () =>
  import('../rest/v03-operations.ts').then((module) => module.V03_OPERATIONS);
