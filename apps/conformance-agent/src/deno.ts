/**
 * The conformance agent on Deno (`pnpm start:deno`): JSON-RPC and HTTP+JSON, A2A 1.0 and 0.3, in memory. PORT
 * (default 9999), HOST (default 127.0.0.1) and the settings of `src/main.ts` but the gRPC and store ones.
 */
import { startA2AServer } from '@baton/server/deno';
import { createConformanceAgent } from './create-conformance-agent.ts';
import { agentOptionsFromEnv, numberFromEnv } from './options-from-env.ts';

// The part of Deno's API used here (the workspace does not depend on Deno's types).
declare const Deno: {
  env: { toObject(): Record<string, string> };
  version: { deno: string };
  addSignalListener(signal: 'SIGINT' | 'SIGTERM', listener: () => void): void;
  exit(code: number): never;
};

const env = Deno.env.toObject();
const server = createConformanceAgent({ ...agentOptionsFromEnv(env), grpc: false });
const running = await startA2AServer(server, {
  port: numberFromEnv(env, 'PORT') ?? 9999,
  hostname: env.HOST || '127.0.0.1',
});
console.log(`conformance-agent listening on ${running.url} (Deno ${Deno.version.deno})`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  Deno.addSignalListener(signal, () => void running.close().then(() => Deno.exit(0)));
}
