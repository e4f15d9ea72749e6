/** Server-Sent Events: one runtime-neutral writer shared by the JSON-RPC and HTTP+JSON bindings. */
export * from './create-sse-response.ts';
export * from './direct-sse-target.ts';
