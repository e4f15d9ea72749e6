import { fileURLToPath } from 'node:url';
import type { A2AServer } from '@baton/server';
import { startA2AServer } from '@baton/server/node';
import { createAppLogger, describeTelemetry, startTelemetry } from '@baton/telemetry-node';
import type { AgentHosting } from './agent-hosting.ts';
import { closeOnSignals } from './close-on-signals.ts';
import { createGeneratorsFromEnv, type SelectedGenerators } from './generators/generators-from-env.ts';
import { openStoresFromEnv } from './stores/open-stores-from-env.ts';
import { describeStoresConfig } from './stores/read-stores-config.ts';

/** What an agent app's `main.ts` says about itself. */
export interface AgentMainOptions {
  /** The app's name, used in every line it prints. */
  readonly name: string;
  /** The port it listens on when `PORT` is not set. */
  readonly defaultPort: number;
  /** Builds the agent from the generators the environment selects and where it is hosted (URL, store, cluster). */
  readonly create: (input: AgentHosting & { readonly generators: SelectedGenerators }) => A2AServer;
}

/** The git-ignored folder at the repository root where the apps keep their SQLite files by default. */
export const DEFAULT_DATA_DIRECTORY = fileURLToPath(new URL('../../../data/', import.meta.url));

/** The store an app uses when `BATON_STORE` is unset: a SQLite file named after it in the data folder. */
export function defaultStoreFor(name: string): string {
  return `sqlite:${DEFAULT_DATA_DIRECTORY}${name}.db`;
}

function readPort(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${value}"`);
  }
  return port;
}

/**
 * Runs one agent of the chain as a process: `PORT` (0 for any free port), `HOST` (default 127.0.0.1),
 * `PUBLIC_URL` (the base URL the card advertises; default each request's own), `BATON_STORE` /
 * `BATON_EVENT_BUS` (default: a SQLite file in the data folder, see `readStoresConfig`), `BATON_LEASE_TTL_MS`
 * (how long a dead process's task stays WORKING before it is ended; default 15 s), the generator
 * variables `createGeneratorsFromEnv` reads, `LOG_LEVEL`, and the standard `OTEL_*` variables (traces and
 * metrics are exported only when they ask; `OTEL_METRICS_EXPORTER=prometheus` serves `/metrics`). Prints `listening on <url>` once it accepts requests (the end-to-end test
 * reads that line), stops gracefully on SIGINT and SIGTERM (a second signal exits at once), and exits 1 with
 * a one-line reason on a bad configuration.
 */
export async function runAgentMain(options: AgentMainOptions, env = process.env): Promise<void> {
  const { name } = options;
  try {
    // First: the libraries see an OpenTelemetry SDK only if it is registered before servers and clients exist.
    const telemetry = startTelemetry(name, env);
    const logger = createAppLogger({ name, level: env.LOG_LEVEL });
    const port = readPort(env.PORT, options.defaultPort);
    const hostname = env.HOST?.trim() || '127.0.0.1';
    const url = env.PUBLIC_URL?.trim() || undefined;
    const generators = createGeneratorsFromEnv(env);
    const stores = await openStoresFromEnv(env, defaultStoreFor(name), name);
    const server = options.create({ generators, url, store: stores.tasks, cluster: stores.cluster, logger });
    if (telemetry.metricsRoute) server.route('/', telemetry.metricsRoute);
    const running = await startA2AServer(server, { port, hostname });
    console.log(`${name}: ${generators.describe}`);
    console.log(`${name}: ${describeStoresConfig(stores.config)}`);
    if (url) console.log(`${name}: the card advertises ${url}`);
    if (telemetry.plan) console.log(`${name}: ${describeTelemetry(telemetry.plan)}`);
    console.log(`listening on ${running.url}`);

    closeOnSignals(name, async () => {
      await running.close();
      await stores.close();
      await telemetry.shutdown();
    });
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
