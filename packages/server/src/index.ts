/**
 * @baton/server: an A2A server that is a Hono app. `createA2AServer` is the entry point; the bindings, the
 * request handler, the executor context and the task store are exported for those who assemble their own.
 * Runtime-neutral; the Node entry (`startA2AServer`) is at `@baton/server/node`.
 *
 * @example
 * import { createA2AServer } from '@baton/server';
 * const server = createA2AServer({
 *   card: { name: 'Echo', description: 'Echoes what you say', version: '1.0.0', skills: [] },
 *   executor: async (ctx) => `You said: ${ctx.text}`,
 * });
 */

export * from './auth/index.ts';
export type { A2ABindingHost } from './binding/binding-host.ts';
export type { AgentCardInput, ServedSurface } from './card/agent-card-input.ts';
export { AGENT_CARD_PATHS, createAgentCardRoutes } from './card/agent-card-routes.ts';
export { deriveAgentCard } from './card/derive-agent-card.ts';
export * from './cluster/index.ts';
export {
  type A2AServer,
  type A2AServerOptions,
  createA2AServer,
  type PushOptions,
} from './create-a2a-server.ts';
export * from './executor/index.ts';
export * from './handler/index.ts';
export { createJsonRpcApp, type JsonRpcAppOptions } from './jsonrpc/index.ts';
export * from './push/index.ts';
export { createRestApp, type RestAppOptions } from './rest/index.ts';
export * from './store/index.ts';
export { consoleLogger, type Logger } from './task/logger.ts';
