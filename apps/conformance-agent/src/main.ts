/**
 * Runs the conformance agent: PORT (default 9999), HOST (default 127.0.0.1), PUBLIC_URL (the card's base
 * URL; default each request's origin), GRPC_PORT (the gRPC binding; default PORT + 1, `0` for any free port) and
 * GRPC_URL (the gRPC address on the card; default the card request's host and GRPC_PORT), RESUBSCRIBE_WORK_MS, DELAYED_COMPLETE_MS and REQUIRE_TCK_EXTENSION
 * (`1`: the card marks the kit's extension required), UNVERSIONED_CARD (`1.0`, the default, or `0.3`: the card a
 * request without A2A-Version gets; the 0.3 kit needs `0.3`), and `BATON_STORE` / `BATON_EVENT_BUS` /
 * `BATON_LEASE_TTL_MS` like every app (default: in memory, as the kit expects a fresh agent). Stops gracefully
 * on SIGINT / SIGTERM; a bad setting stops it at start with a one-line reason.
 */
import {
  closeOnSignals,
  createHealth,
  openStoresFromEnv,
  readDrainDelay,
  storeReadinessChecks,
} from '@baton/agent-host';
import { startGrpcServer } from '@baton/grpc';
import { startA2AServer } from '@baton/server/node';
import { createAppLogger, describeTelemetry, startTelemetry } from '@baton/telemetry-node';
import { createConformanceAgent } from './create-conformance-agent.ts';
import { agentOptionsFromEnv, numberFromEnv } from './options-from-env.ts';

async function openConfiguredStores() {
  try {
    const port = Number(process.env.PORT ?? 9999);
    return await openStoresFromEnv(process.env, 'memory', 'conformance-agent', {
      ...(Number.isInteger(port) ? { port } : {}),
    });
  } catch (error) {
    console.error(`conformance-agent: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

// First: the server sees an OpenTelemetry SDK only if it is registered before it is created.
const telemetry = await startTelemetry('conformance-agent');
const logger = createAppLogger({ name: 'conformance-agent', level: process.env.LOG_LEVEL });
const stores = await openConfiguredStores();
function settingsFromEnv() {
  try {
    const port = numberFromEnv(process.env, 'PORT') ?? 9999;
    const grpcPort = numberFromEnv(process.env, 'GRPC_PORT') ?? (port === 0 ? 0 : port + 1);
    return { port, grpcPort, agentOptions: agentOptionsFromEnv(process.env) };
  } catch (error) {
    console.error(`conformance-agent: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

const { port, grpcPort, agentOptions } = settingsFromEnv();
const hostname = process.env.HOST || '127.0.0.1';
const grpcUrl = process.env.GRPC_URL || undefined;

const server = createConformanceAgent({
  ...agentOptions,
  store: stores.tasks,
  pushConfigs: stores.pushConfigs,
  cluster: stores.cluster,
  logger,
  ...(grpcUrl ? { grpcUrl } : {}),
});
if (telemetry.metricsRoute) server.route('/', telemetry.metricsRoute);
// /healthz and /readyz (store and bus), and 503 for BATON_DRAIN_MS after SIGTERM (docs/deploy.md).
const health = createHealth({
  checks: storeReadinessChecks(stores),
  onCheckFailed: (check, error) => logger.warn('A readiness check failed', { check, error }),
});
server.get('/healthz', () => health.live());
server.get('/readyz', () => health.readiness());
const drainMs = (() => {
  try {
    return readDrainDelay(process.env);
  } catch (error) {
    console.error(`conformance-agent: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
})();
const running = await startA2AServer(server, { port, hostname });
const grpc = await startGrpcServer(server, { port: grpcPort, hostname });
health.markReady();
if (telemetry.plan) console.log(`conformance-agent: ${describeTelemetry(telemetry.plan)}`);
console.log(
  `conformance-agent listening on ${agentOptions.url ?? running.url} (gRPC on ${grpcUrl ?? grpc.url})`,
);

closeOnSignals('conformance-agent', async () => {
  health.markDraining();
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  await grpc.close();
  await running.close();
  await stores.close();
  await telemetry.shutdown();
});
