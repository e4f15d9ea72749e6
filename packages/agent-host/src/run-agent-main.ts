import { resolve } from 'node:path';
import type { A2AServer, Logger } from '@baton/server';
import { startA2AServer } from '@baton/server/node';
import { createAppLogger, describeTelemetry, startTelemetry } from '@baton/telemetry-node';
import type { AgentHosting } from './agent-hosting.ts';
import { closeOnSignals } from './close-on-signals.ts';
import { createHealth } from './health/create-health.ts';
import { readDrainDelay } from './health/drain-delay.ts';
import { storeReadinessChecks } from './health/store-checks.ts';
import { parseRetention, type Retention, startRetention } from './retention.ts';
import { openStoresFromEnv } from './stores/open-stores-from-env.ts';
import { describeStoresConfig } from './stores/read-stores-config.ts';

/** What an agent's `main` says about itself. */
export interface AgentMainOptions {
  /** The app's name: in every line it prints, its log records, its telemetry service and its schema. */
  readonly name: string;
  /** The port it listens on when `PORT` is not set. */
  readonly defaultPort: number;
  /** The store when `BATON_STORE` is unset; default `sqlite:data/<name>.db` under the working directory. */
  readonly defaultStore?: string;
  /** Browser origins allowed when `BATON_CORS_ORIGINS` is unset; default none. */
  readonly defaultCorsOrigins?: readonly string[];
  /**
   * Builds the agent, where it is hosted (URL, store, cluster, logger). Throw to refuse a bad configuration:
   * the process prints the message on one line and exits 1. What it returns is served.
   */
  readonly create: (hosting: AgentHosting) => A2AServer | Promise<A2AServer>;
}

/** `BATON_CORS_ORIGINS`: comma-separated origins, or `*` for any; `undefined` when unset. */
export function readCorsOrigins(value: string | undefined): true | readonly string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (value.trim() === '*') return true;
  const origins = value
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  for (const origin of origins) {
    if (!URL.canParse(origin) || new URL(origin).origin !== origin) {
      throw new Error(`BATON_CORS_ORIGINS: "${origin}" is not an origin (scheme://host[:port])`);
    }
  }
  return origins;
}

/** Something that can delete what finished long ago: a task store, run records. */
export interface Prunable {
  pruneFinished?(before: number, limit: number): Promise<number>;
}

/**
 * Starts retention when `BATON_RETENTION` (`7d`, `12h`, …) is set and any of `targets` can prune: what finished
 * longer ago than that is deleted in the background, 500 at a time, every minute. `undefined` otherwise; a value
 * it cannot read throws the one-line reason.
 */
export function startRetentionFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  targets: readonly (Prunable | undefined)[],
  logger?: Pick<Logger, 'warn'>,
): Retention | undefined {
  const value = env.BATON_RETENTION?.trim();
  if (!value) return undefined;
  const keepMs = parseRetention(value);
  const prune = targets.flatMap((target) =>
    target?.pruneFinished ? [target.pruneFinished.bind(target)] : [],
  );
  if (prune.length === 0) return undefined;
  return startRetention({ keepMs, prune, ...(logger ? { logger } : {}) });
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
 * Runs an agent as a Node process, configured by its environment: `PORT` (0 for any free port), `HOST`
 * (default 127.0.0.1), `PUBLIC_URL` (the base URL the card advertises; default each request's own),
 * `BATON_STORE` / `BATON_EVENT_BUS` / `BATON_STORE_SCHEMA` (see `readStoresConfig`), `BATON_LEASE_TTL_MS`
 * (how long a dead process's task stays WORKING before another instance takes it; default 15 s),
 * `BATON_INSTANCE_ID` (this process among the instances; default `<host name>:<port>`, so a restarted process
 * takes its own tasks back at once),
 * `BATON_DRAIN_MS` (how long `/readyz` answers 503 after SIGTERM before the port closes; default 5 s under
 * Kubernetes, else 0), `BATON_CORS_ORIGINS` (browser origins that may call it; `*` for any; default none), `BATON_RETENTION`
 * (how long finished tasks are kept in a durable store, `7d`; default forever), `LOG_LEVEL`,
 * and the standard `OTEL_*` variables (traces and metrics are exported only when they ask;
 * `OTEL_METRICS_EXPORTER=prometheus` serves `/metrics`). Serves `/healthz` (the process lives) and `/readyz` (its
 * store and bus answer; 503 while draining). Prints `listening on <url>` once it accepts requests,
 * stops gracefully on SIGINT and SIGTERM (a second signal exits at once), and exits 1 with a one-line reason on
 * a bad configuration.
 *
 * @example
 * await runAgentMain({ name: 'echo-agent', defaultPort: 4000, create: (hosting) =>
 *   createA2AServer({ card, executor, ...hostingOptions(hosting) }) });
 */
export async function runAgentMain(options: AgentMainOptions, env = process.env): Promise<void> {
  const { name } = options;
  try {
    // First: the libraries see an OpenTelemetry SDK only if it is registered before servers and clients exist.
    const telemetry = await startTelemetry(name, env);
    const logger = createAppLogger({ name, level: env.LOG_LEVEL });
    const port = readPort(env.PORT, options.defaultPort);
    const hostname = env.HOST?.trim() || '127.0.0.1';
    const url = env.PUBLIC_URL?.trim() || undefined;
    const defaultStore = options.defaultStore ?? `sqlite:${resolve('data', `${name}.db`)}`;
    const cors = readCorsOrigins(env.BATON_CORS_ORIGINS) ?? options.defaultCorsOrigins;
    const stores = await openStoresFromEnv(env, defaultStore, name, { port });
    const server = await options.create({
      url,
      store: stores.tasks,
      cluster: stores.cluster,
      logger,
      ...(cors === undefined ? {} : { cors }),
    });
    if (telemetry.metricsRoute) server.route('/', telemetry.metricsRoute);
    const drainMs = readDrainDelay(env);
    const health = createHealth({
      checks: storeReadinessChecks(stores),
      onCheckFailed: (check, error) => logger.warn('A readiness check failed', { check, error }),
    });
    server.get('/healthz', () => health.live());
    server.get('/readyz', () => health.readiness());
    // Before listening: a retention it cannot read stops the app with its reason.
    const retention = startRetentionFromEnv(env, [stores.tasks], logger);
    const running = await startA2AServer(server, { port, hostname });
    health.markReady();
    // Before the first line is printed: whoever reads `listening on` may stop the process at once.
    closeOnSignals(name, async () => {
      health.markDraining();
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      retention?.stop();
      await running.close();
      await stores.close();
      await telemetry.shutdown();
    });
    console.log(`${name}: ${describeStoresConfig(stores.config)}`);
    if (env.BATON_RETENTION && retention)
      console.log(`${name}: finished tasks kept ${env.BATON_RETENTION.trim()}`);
    if (url) console.log(`${name}: the card advertises ${url}`);
    if (telemetry.plan) console.log(`${name}: ${describeTelemetry(telemetry.plan)}`);
    console.log(`listening on ${running.url}`);
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
