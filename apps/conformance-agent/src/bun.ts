/**
 * The conformance agent on Bun (`pnpm start:bun`): JSON-RPC and HTTP+JSON, A2A 1.0 and 0.3, in memory. PORT
 * (default 9999), HOST (default 127.0.0.1) and the settings of `src/main.ts` but the gRPC and store ones.
 */
import { startA2AServer } from '@baton/server/bun';
import { createConformanceAgent } from './create-conformance-agent.ts';
import { agentOptionsFromEnv, numberFromEnv } from './options-from-env.ts';

const server = createConformanceAgent({ ...agentOptionsFromEnv(process.env), grpc: false });
const running = await startA2AServer(server, {
  port: numberFromEnv(process.env, 'PORT') ?? 9999,
  hostname: process.env.HOST || '127.0.0.1',
});
console.log(`conformance-agent listening on ${running.url} (Bun ${process.versions.bun})`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void running.close().then(() => process.exit(0)));
}
