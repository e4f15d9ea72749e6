/**
 * The conformance agent as a Cloudflare Worker (`pnpm start:workers` serves it locally with workerd): JSON-RPC
 * and HTTP+JSON, A2A 1.0 and 0.3, in memory per isolate. Its settings are the Worker's vars (RESUBSCRIBE_WORK_MS,
 * DELAYED_COMPLETE_MS, REQUIRE_TCK_EXTENSION, PUBLIC_URL, UNVERSIONED_CARD); the agent is made on the first request, when they are
 * known.
 */

import { waitUntil } from 'cloudflare:workers';
import type { A2AServer } from '@baton/server';
import { createConformanceAgent } from './create-conformance-agent.ts';
import { agentOptionsFromEnv, type Environment } from './options-from-env.ts';

let server: A2AServer | undefined;

export default {
  fetch(request: Request, env: Environment, context: unknown): Response | Promise<Response> {
    // `waitUntil` keeps tasks and push deliveries going after the response that started them.
    server ??= createConformanceAgent({ ...agentOptionsFromEnv(env), grpc: false, waitUntil });
    return server.fetch(request, env, context as never);
  },
};
