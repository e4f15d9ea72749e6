import { fileURLToPath } from 'node:url';
import {
  createHealth,
  describeStoresConfig,
  type OpenedStores,
  openStoresFromEnv,
  type ReadinessCheck,
  readDrainDelay,
  startRetentionFromEnv,
  storeReadinessChecks,
  withHealth,
} from '@baton/agent-host';
import { createModelConnection, defaultStoreFor, llmSettingsFromEnv } from '@baton/chain';
import { createAppLogger, describeTelemetry, startTelemetry, type Telemetry } from '@baton/telemetry-node';
import { serve } from '@hono/node-server';
import { readChains } from './chains/load-chains.ts';
import { readAgentCredentials } from './config/read-agent-credentials.ts';
import { readAgentUrls } from './config/read-agent-urls.ts';
import { loadConsole } from './console/build-console.ts';
import { createOrchestrator, type Orchestrator } from './create-orchestrator.ts';
import { waitForAgents } from './discovery/agent-directory.ts';
import { openRunEngine } from './engine/open-run-engine.ts';
import { createOrchestratorAuth, type OrchestratorAuth } from './http/orchestrator-auth.ts';
import { isLoopbackName, type RequestGuardOptions } from './http/request-guard.ts';
import { openRunRecords } from './run/open-run-records.ts';
import type { RunRecords } from './run/run-records.ts';

const hostname = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 4100);

const listOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

/** The hosts and origins the orchestrator answers besides loopback: PUBLIC_URL, BATON_ALLOWED_HOSTS, BATON_ALLOWED_ORIGINS. */
function readGuardOptions(env: NodeJS.ProcessEnv): RequestGuardOptions {
  const publicUrl = env.PUBLIC_URL?.trim() || undefined;
  if (publicUrl !== undefined && !URL.canParse(publicUrl))
    throw new Error(`PUBLIC_URL is not a URL: "${publicUrl}"`);
  return {
    ...(publicUrl === undefined ? {} : { publicUrl }),
    allowedHosts: listOf(env.BATON_ALLOWED_HOSTS),
    allowedOrigins: listOf(env.BATON_ALLOWED_ORIGINS),
  };
}

/**
 * Who may use the orchestrator: `BATON_API_KEYS` (comma-separated; `name:key` names the caller, else it is
 * `key-<n>`) and/or a JWT issuer (`BATON_JWT_JWKS_URL`, `BATON_JWT_ISSUER`, `BATON_JWT_AUDIENCE`).
 */
function readAuth(env: NodeJS.ProcessEnv): OrchestratorAuth | undefined {
  const apiKeys: Record<string, { id: string }> = {};
  for (const [index, entry] of listOf(env.BATON_API_KEYS).entries()) {
    const named = /^([a-z0-9_.-]+):(.+)$/i.exec(entry);
    const key = named?.[2] ?? entry;
    if (key.length < 16) throw new Error('BATON_API_KEYS: each key must be at least 16 characters long');
    apiKeys[key] = { id: named?.[1] ?? `key-${index + 1}` };
  }
  const jwksUrl = env.BATON_JWT_JWKS_URL?.trim();
  const issuer = env.BATON_JWT_ISSUER?.trim();
  const audience = env.BATON_JWT_AUDIENCE?.trim();
  if ((jwksUrl || issuer || audience) && !(jwksUrl && issuer && audience)) {
    throw new Error('BATON_JWT_JWKS_URL, BATON_JWT_ISSUER and BATON_JWT_AUDIENCE go together');
  }
  const jwt = jwksUrl && issuer && audience ? { jwksUrl, issuer, audience } : undefined;
  if (Object.keys(apiKeys).length === 0 && jwt === undefined) return undefined;
  return createOrchestratorAuth({ apiKeys, ...(jwt ? { jwt } : {}) });
}

/** A whole number of at least 1 from the environment, or `undefined` when unset. */
function positiveInteger(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number of at least 1, got "${raw}"`);
  return value;
}

/**
 * `BATON_MAX_RUNS_IN_FLIGHT` (runs driven at once before new ones are refused with 503; default 200),
 * `BATON_MAX_RUNS_PER_CALLER` (runs one authenticated caller may have in flight before 429; default half) and
 * `BATON_MAP_MAX_ITEMS` (most items one map step takes in a run; default 100).
 */
function readRunLimit(env: NodeJS.ProcessEnv): {
  maxRunsInFlight?: number;
  maxRunsPerCaller?: number;
  maxMapItems?: number;
} {
  const maxRunsInFlight = positiveInteger(env, 'BATON_MAX_RUNS_IN_FLIGHT');
  const maxRunsPerCaller = positiveInteger(env, 'BATON_MAX_RUNS_PER_CALLER');
  const maxMapItems = positiveInteger(env, 'BATON_MAP_MAX_ITEMS');
  return {
    ...(maxRunsInFlight === undefined ? {} : { maxRunsInFlight }),
    ...(maxRunsPerCaller === undefined ? {} : { maxRunsPerCaller }),
    ...(maxMapItems === undefined ? {} : { maxMapItems }),
  };
}

/**
 * Refuses to serve an address other machines reach with no credentials configured, unless the operator says so
 * (`BATON_ALLOW_UNAUTHENTICATED=1`, for a network of their own or a proxy that authenticates).
 */
function checkExposure(hostname: string, auth: OrchestratorAuth | undefined, env: NodeJS.ProcessEnv): void {
  if (auth !== undefined || isLoopbackName(hostname.toLowerCase())) return;
  if (env.BATON_ALLOW_UNAUTHENTICATED === '1') {
    console.warn(`orchestrator: serving ${hostname} with no credentials (BATON_ALLOW_UNAUTHENTICATED=1)`);
    return;
  }
  throw new Error(
    `HOST=${hostname} is reachable from other machines and no credentials are configured: set BATON_API_KEYS (or BATON_JWT_*), or BATON_ALLOW_UNAUTHENTICATED=1 to serve it open`,
  );
}

/** Reads the configuration and opens the stores; exits 1 with a one-line reason when either is wrong. */
async function prepare(): Promise<{
  app: Orchestrator;
  stores: OpenedStores;
  runRecords: RunRecords;
  describe: string;
  telemetry: Telemetry;
  checks: ReadinessCheck[];
  drainMs: number;
}> {
  try {
    // First: the libraries see an OpenTelemetry SDK only if it is registered before servers and clients exist.
    const telemetry = await startTelemetry('orchestrator');
    const logger = createAppLogger({ name: 'orchestrator', level: process.env.LOG_LEVEL });
    const auth = readAuth(process.env);
    const drainMs = readDrainDelay(process.env);
    const agentCredentials = readAgentCredentials(process.env);
    checkExposure(hostname, auth, process.env);
    const agents = await readAgentUrls(
      { argv: process.argv.slice(2), env: process.env },
      fileURLToPath(new URL('../agents.local.json', import.meta.url)),
    );
    const stores = await openStoresFromEnv(process.env, defaultStoreFor('orchestrator'), 'orchestrator', {
      port,
    });
    // BATON_CHAINS names a folder of chain definitions (default the shipped ones): a bad file is refused with its
    // reason and the others load; with none left, the orchestrator does not start.
    const folder = process.env.BATON_CHAINS?.trim() || undefined;
    const { chains, refused } = readChains(folder);
    for (const line of refused) console.error(`orchestrator: chain refused: ${line}`);
    if (chains.length === 0)
      throw new Error(`no chain definition could be loaded from ${folder ?? 'chains/'}`);
    const runRecords = await openRunRecords(stores);
    const engine = await openRunEngine(stores, process.env, logger);
    // The agents' BATON_LLM_* settings: with a model, it plans chains for goals (POST /plans); else the offline planner.
    const planModelSettings = llmSettingsFromEnv(process.env);
    const app = createOrchestrator({
      agents,
      runRecords,
      engine,
      chains,
      ...(stores.cluster?.bus === undefined ? {} : { bus: stores.cluster.bus }),
      logger,
      hosting: { store: stores.tasks, cluster: stores.cluster, logger },
      ...(process.env.BATON_TRACE_URL ? { traceUrl: process.env.BATON_TRACE_URL } : {}),
      guard: readGuardOptions(process.env),
      ...readRunLimit(process.env),
      // BATON_CHAIN_AGENT_ALLOWLIST: URL prefixes of agents a chain registered over the API may name (beside AGENT_URLS).
      chainAgentAllowlist: listOf(process.env.BATON_CHAIN_AGENT_ALLOWLIST),
      ...(auth ? { auth } : {}),
      ...(agentCredentials ? { agentCredentials } : {}),
      ...(planModelSettings ? { planModel: createModelConnection(planModelSettings) } : {}),
    });
    if (telemetry.metricsRoute) app.route('/', telemetry.metricsRoute);
    const engineLine = engine.shared
      ? `; runs shared with every orchestrator on this database (${engine.instanceId})`
      : '';
    // /readyz: the task store and bus, the run records and the run engine answer (a read of an id nobody has).
    const checks: ReadinessCheck[] = [
      ...storeReadinessChecks(stores),
      { name: 'runs', check: () => runRecords.load('baton-readiness-probe') },
      { name: 'engine', check: () => engine.holder('baton-readiness-probe', 0) },
    ];
    return {
      app,
      stores,
      runRecords,
      telemetry,
      checks,
      drainMs,
      describe: `${describeStoresConfig(stores.config, 'runs and tasks')}${engineLine}; plans ${planModelSettings ? `with model ${planModelSettings.model}` : 'offline'}`,
    };
  } catch (error) {
    console.error(`orchestrator: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

const { app, stores, runRecords, describe, telemetry, checks, drainMs } = await prepare();
// In front of the app's Host check and credentials: a probe sends neither (docs/deploy.md).
const health = createHealth({
  checks,
  onCheckFailed: (check, error) =>
    console.warn(
      `orchestrator: readiness check ${check} failed: ${error instanceof Error ? error.message : String(error)}`,
    ),
});
// BATON_RETENTION: finished runs and the orchestrator's own finished A2A tasks older than that are pruned.
const retention = (() => {
  try {
    return startRetentionFromEnv(process.env, [stores.tasks, runRecords, runRecords.idempotency], {
      warn: (message) => console.warn(`orchestrator: ${message}`),
    });
  } catch (error) {
    console.error(`orchestrator: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
})();
if (retention)
  console.log(`orchestrator: finished runs and tasks kept ${process.env.BATON_RETENTION?.trim()}`);
// Built now, so the first page load does not wait; a failure is said here and answered on the page.
loadConsole().catch((error: unknown) =>
  console.error(
    `orchestrator: the web console could not be built: ${error instanceof Error ? error.message : String(error)}`,
  ),
);

const server = serve({ fetch: withHealth(health, app.fetch), hostname, port }, (info) => {
  health.markReady();
  const base = `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${info.port}`;
  const curl =
    `curl -s -X POST ${base}/runs -H 'content-type: application/json' ` +
    `-d '{"topic":"The history of tea","wait":true}' | ` +
    `node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const r=JSON.parse(s);console.log(r.artifacts?.summary?.summary ?? JSON.stringify(r.error ?? r))})"`;
  console.log(`orchestrator: ${describe}`);
  if (telemetry.plan) console.log(`orchestrator: ${describeTelemetry(telemetry.plan)}`);
  console.log(`Baton orchestrator listening on ${base}`);
  console.log(`  console:    ${base}/   (runs, agents, and an inspector for any A2A agent)`);
  console.log(
    `  runs API:   POST ${base}/runs   (GET /runs/:id, GET /runs/:id/events, POST /runs/:id/answer, POST /runs/:id/cancel)`,
  );
  console.log(`  A2A card:   ${base}/.well-known/agent-card.json`);
  console.log(`  try it:     ${curl}`);
});

let lastWait = '';
// Agents started alongside (pnpm dev) may come up a few seconds later; runs started before that retry discovery too.
waitForAgents(app.directory, {
  timeoutMs: 15_000,
  delayMs: 500,
  onRetry: (error) => {
    if (error.message !== lastWait) console.log(`waiting for agents: ${error.message}`);
    lastWait = error.message;
  },
}).then(
  (found) => {
    for (const [step, agent] of Object.entries(found))
      console.log(`  ${step}: ${agent.name} at ${agent.url}`);
  },
  (error: unknown) =>
    console.error(
      `agents not found yet (runs will try again): ${error instanceof Error ? error.message : String(error)}`,
    ),
);

// Runs that were under way when an orchestrator last stopped go on from where they were (here, or on any
// instance sharing the engine).
app.resumeRuns().then(
  (count) => {
    if (count > 0) console.log(`orchestrator: resumed ${count} unfinished run${count === 1 ? '' : 's'}`);
  },
  (error: unknown) => console.error('orchestrator: could not resume unfinished runs', error),
);

// The runs driven here are let go (another instance, or the next start, goes on with them), then the stores close.
// Draining first: /readyz answers 503 for BATON_DRAIN_MS while everything else is still served, then the port closes.
let stopping = false;
const shutdown = () => {
  if (stopping) return;
  stopping = true;
  health.markDraining();
  setTimeout(closeServer, drainMs);
};
const closeServer = () =>
  server.close(() => {
    retention?.stop();
    void app
      .close()
      .catch(() => undefined)
      .then(() => Promise.all([stores.close(), telemetry.shutdown()]))
      .finally(() => process.exit(0));
  });
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
