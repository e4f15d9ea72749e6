import type { AgentHosting } from '@baton/agent-host';
import type { ModelConnection } from '@baton/chain';
import { type A2AClientOptions, AI_CATALOG_PATH, type Credentials } from '@baton/client';
import { type AgentCard, isA2AError } from '@baton/protocol';
import { consoleLogger, type Logger, STORE_UNAVAILABLE, type TaskEventBus } from '@baton/server';
import { Hono } from 'hono';
import { createChainAgent } from './a2a/create-chain-agent.ts';
import { createChainAgentPolicy } from './chains/chain-agent-policy.ts';
import type { ChainDefinition } from './chains/chain-definition.ts';
import { type ChainRegistry, createChainRegistry } from './chains/chain-registry.ts';
import { loadChains } from './chains/load-chains.ts';
import { type ConsoleAssets, loadConsole } from './console/build-console.ts';
import { createConsoleRoutes } from './console/console-routes.ts';
import { type AgentDirectory, createAgentDirectory } from './discovery/agent-directory.ts';
import { createInProcessRunEngine } from './engine/in-process-run-engine.ts';
import type { RunEngine } from './engine/run-engine.ts';
import { createAgentsRoutes } from './http/create-agents-routes.ts';
import { createCatalogRoute } from './http/create-catalog-route.ts';
import { createChainsRoutes } from './http/create-chains-routes.ts';
import { createPlansRoutes } from './http/create-plans-routes.ts';
import { createRunsRoutes } from './http/create-runs-routes.ts';
import { jsonError, storeUnavailable } from './http/json-errors.ts';
import { callerOf, type OrchestratorAuth, requireCaller } from './http/orchestrator-auth.ts';
import { createJsonWriteGuard, createRequestGuard, type RequestGuardOptions } from './http/request-guard.ts';
import { idempotencyKeys } from './idempotency/idempotency-middleware.ts';
import { createInMemoryIdempotencyRecords } from './idempotency/idempotency-records.ts';
import { createPlanner } from './plans/planner.ts';
import { logRunEvent } from './run/log-run-event.ts';
import { createRunFeed } from './run/run-feed.ts';
import { createRunHost, type RunHost } from './run/run-host.ts';
import { createRunJournal, type RunJournal } from './run/run-journal.ts';
import { createInMemoryRunRecords, type RunRecords } from './run/run-records.ts';
import { createRunService, type RunService } from './run/run-service.ts';
import { createRunTelemetry } from './run/run-telemetry.ts';
import { isFinalEventType } from './run/run-types.ts';

/** Options of {@link createOrchestrator}. */
export interface OrchestratorOptions {
  /** Base URLs of the agents; each step's agent is picked by skill id from their cards. */
  readonly agents: readonly string[];
  /** The model that plans chains for goals (`POST /plans`); without one, the offline planner does. */
  readonly planModel?: ModelConnection | undefined;
  /** Longest time an agent may work on a step between two answers; default 120 s. */
  readonly stepTimeoutMs?: number;
  /** Extra options of the clients that talk to the agents (fetch, timeouts, retries). */
  readonly client?: Omit<A2AClientOptions, 'agent' | 'signal'>;
  /**
   * Credentials for one agent, by its card: `(card) => oauthForCard(card, credential)` (`@baton/client`) gives an
   * OAuth credential to every OAuth 2 / OpenID Connect scheme a card declares, whatever it is named.
   */
  readonly agentCredentials?: (card: AgentCard) => Credentials | undefined;
  /** Where the chain agent reports failures its callers must not see; default the console. */
  readonly logger?: Logger;
  /** Where runs are kept; default in memory. With durable records, unfinished runs go on after a restart. */
  readonly runRecords?: RunRecords;
  /**
   * Who drives which run: default this process alone (`createInProcessRunEngine`); `createBullmqRunEngine` lets
   * several orchestrators on one PostgreSQL share the runs and take over a dead one's.
   */
  readonly engine?: RunEngine;
  /** Messages between orchestrator instances (live events, answers and cancels to a run's instance). */
  readonly bus?: TaskEventBus;
  /**
   * How long a run waits for its records when they cannot be reached before it fails with STORE_UNAVAILABLE;
   * default 60 s. Nothing is dropped meanwhile.
   */
  readonly recordsOutageMs?: number;
  /**
   * How long a step keeps trying while its agent cannot be reached or asks to retry (an instance died, the agent's
   * database is out) before it fails with AGENT_UNREACHABLE; default 60 s.
   */
  readonly agentRetryMs?: number;
  /** How often a shared engine's unfinished runs are handed over again (a holder gone for good); default 30 s. */
  readonly reconcileIntervalMs?: number;
  /** Where the orchestrator's own A2A agent keeps its tasks (store, cluster). */
  readonly hosting?: AgentHosting;
  /** The chain definitions runs may choose (`POST /runs { chain }`); default the shipped ones (`chains/*.json`). */
  readonly chains?: readonly ChainDefinition[];
  /** Most items one map step takes in a run (a chain may set fewer); default 100. */
  readonly maxMapItems?: number;
  /**
   * URL prefixes of agents a chain registered over the API may name besides the configured ones
   * (`BATON_CHAIN_AGENT_ALLOWLIST`); their addresses pass the webhook address policy. Default none.
   */
  readonly chainAgentAllowlist?: readonly string[];
  /** The web console's built files, served at `/`; `false` for none. Default: built once per process, in memory. */
  readonly console?: (() => Promise<ConsoleAssets>) | false;
  /**
   * Where a run's trace can be seen, with `{traceId}` in it (e.g. Jaeger's `http://localhost:16686/trace/{traceId}`):
   * the console links each run there. Default: the console shows the trace id only.
   */
  readonly traceUrl?: string | undefined;
  /**
   * Which hosts and origins the orchestrator answers (see `createRequestGuard`): loopback names always, the
   * public URL's host, and these. Default: loopback only.
   */
  readonly guard?: RequestGuardOptions;
  /**
   * Who may use it (`createOrchestratorAuth`): the runs API, its event streams, the chains and agents lists and
   * the A2A agent then need credentials. Default: none (loopback only; `main.ts` refuses to serve other addresses
   * open unless told to).
   */
  readonly auth?: OrchestratorAuth;
  /** Runs driven at once past which `POST /runs` is refused with 503 and `Retry-After` (in-process engine); default 200. */
  readonly maxRunsInFlight?: number;
  /** Runs one authenticated caller may have in flight here before 429; default half of `maxRunsInFlight`. */
  readonly maxRunsPerCaller?: number;
}

/** The orchestrator: a Hono app with the runs API and the chain's A2A agent, plus its runs and agents. */
export type Orchestrator = Hono & {
  /** The runs, on whichever instance they are driven. */
  readonly runs: RunService;
  /** The runs this instance drives now. */
  readonly host: RunHost;
  /** The chains runs may name, every version kept with the runs. */
  readonly chains: ChainRegistry;
  /** Where every run's events are kept, in order; `settled()` before the process exits. */
  readonly journal: RunJournal;
  readonly engine: RunEngine;
  readonly directory: AgentDirectory;
  /** Hands the unfinished runs to the engine again (at start: those a stopped process left); resolves with how many. */
  resumeRuns(): Promise<number>;
  /** Stops taking runs and lets go of those driven here (another instance, or the next start, goes on with them). */
  close(): Promise<void>;
};

/**
 * Creates the orchestrator's Hono app: the runs API (`/runs`) and an A2A agent with the skill `baton.chain`
 * (card at `/.well-known/agent-card.json`). Only `main.ts` serves it.
 *
 * @example
 * const app = createOrchestrator({ agents: ['http://127.0.0.1:4101', 'http://127.0.0.1:4102', 'http://127.0.0.1:4103'] });
 * const response = await app.request('/runs', { method: 'POST', body: JSON.stringify({ topic: 'tea', wait: true }) });
 */
export function createOrchestrator(options: OrchestratorOptions): Orchestrator {
  const logger = options.logger ?? consoleLogger;
  const directory = createAgentDirectory({
    urls: options.agents,
    ...(options.client === undefined ? {} : { client: options.client }),
    ...(options.agentCredentials === undefined ? {} : { credentialsFor: options.agentCredentials }),
  });
  const records = options.runRecords ?? createInMemoryRunRecords();
  const feed = createRunFeed({ records, bus: options.bus, logger });
  const journal = createRunJournal({ records, logger, onKept: (runId, events) => feed.kept(runId, events) });
  const engine = options.engine ?? createInProcessRunEngine();
  const chains = options.chains ?? loadChains();
  const registry = createChainRegistry({
    records: records.chains,
    files: chains,
    logger,
    check: createChainAgentPolicy({
      knownAgents: options.agents,
      ...(options.chainAgentAllowlist === undefined ? {} : { allowlist: options.chainAgentAllowlist }),
    }),
  });
  /** The chain a run names at its version (a run kept before versions: the newest; before names: `default`). */
  const chainOf = async (name: string | undefined, version?: number): Promise<ChainDefinition> =>
    (await registry.get(name ?? 'default', version))?.chain ??
    (await registry.get(name ?? 'default'))?.chain ??
    (chains[0] as ChainDefinition);
  const host = createRunHost({
    records,
    journal,
    directory,
    chainOf,
    catalog: registry,
    logger,
    telemetry: createRunTelemetry(),
    ...(options.maxMapItems === undefined ? {} : { maxMapItems: options.maxMapItems }),
    onEvent: (event, view) => {
      logRunEvent(options.logger, event, view);
      if (isFinalEventType(event.type)) {
        runs.runEnded(view.runId);
      }
    },
    ...(options.stepTimeoutMs === undefined ? {} : { stepTimeoutMs: options.stepTimeoutMs }),
    ...(options.recordsOutageMs === undefined ? {} : { recordsOutageMs: options.recordsOutageMs }),
    ...(options.agentRetryMs === undefined ? {} : { agentRetryMs: options.agentRetryMs }),
  });
  const runs = createRunService({
    records,
    journal,
    engine,
    host,
    feed,
    bus: options.bus,
    chainOf,
    logger,
    ...(options.maxRunsInFlight === undefined ? {} : { maxRunsInFlight: options.maxRunsInFlight }),
    ...(options.maxRunsPerCaller === undefined ? {} : { maxRunsPerCaller: options.maxRunsPerCaller }),
  });
  void engine
    .start(host.drive)
    .catch((error: unknown) =>
      logger.error('The run engine did not start; runs are kept but not driven here', { error }),
    );
  // A shared engine's runs whose holder is gone for good (or whose hand-over failed) are handed over again.
  const reconciling = engine.shared
    ? setInterval(
        () =>
          void runs
            .reconcile()
            .catch((error: unknown) => logger.warn('Could not hand unfinished runs over again', { error })),
        options.reconcileIntervalMs ?? 30_000,
      )
    : undefined;
  reconciling?.unref?.();

  const app = new Hono();
  app.use('*', createRequestGuard(options.guard));
  if (options.auth) {
    for (const path of [
      '/runs',
      '/runs/*',
      '/chains',
      '/chains/*',
      '/plans',
      '/agents',
      AI_CATALOG_PATH,
      '/console/settings',
    ]) {
      app.use(path, requireCaller(options.auth));
    }
  }
  for (const path of ['/runs', '/runs/*', '/chains', '/chains/*', '/plans'])
    app.use(path, createJsonWriteGuard(options.guard));
  // Idempotency-Key on every write (docs/orchestrator.md): after the guards, so the body is bounded and the caller known.
  const keys = idempotencyKeys(records.idempotency ?? createInMemoryIdempotencyRecords(), {
    scopeOf: (c) => callerOf(c)?.id ?? '',
    onError: (error) =>
      logger.warn('Could not keep the answer to a request with an Idempotency-Key', { error }),
  });
  for (const path of [
    '/runs',
    '/runs/:id/answer',
    '/runs/:id/refine',
    '/runs/:id/cancel',
    '/runs/:id/approve',
    '/runs/:id/reject',
    '/chains',
  ]) {
    app.use(path, (c, next) => (c.req.method === 'POST' ? keys(c, next) : next()));
  }
  const planner = createPlanner({ directory, registry, model: options.planModel });
  app.route('/', createRunsRoutes({ runs, chains: registry, planner }));
  app.route('/', createChainsRoutes(registry));
  app.route('/', createPlansRoutes(planner));
  app.route('/', createAgentsRoutes(directory));
  app.route(
    '/',
    createCatalogRoute(directory, {
      displayName: 'Baton orchestrator',
      description: 'Turns a topic into an outline, a document and a summary by chaining A2A agents.',
      url: options.hosting?.url,
    }),
  );
  if (options.console !== false) {
    app.route('/', createConsoleRoutes(options.console ?? loadConsole));
    app.get('/console/settings', (c) => c.json(options.traceUrl ? { traceUrl: options.traceUrl } : {}));
  }
  app.route(
    '/',
    createChainAgent({
      runs,
      chains,
      registry,
      chainRegistry: registry,
      planner,
      ...(options.logger === undefined ? {} : { logger: options.logger }),
      ...(options.hosting === undefined ? {} : { hosting: options.hosting }),
      ...(options.auth === undefined ? {} : { auth: options.auth }),
    }),
  );
  app.notFound((c) => jsonError(c, 404, 'NOT_FOUND', `No route ${c.req.method} ${c.req.path}`));
  app.onError((error, c) => {
    if (isA2AError(error) && error.reason === STORE_UNAVAILABLE) return storeUnavailable(c);
    return jsonError(c, 500, 'INTERNAL_ERROR', 'The orchestrator failed on this request');
  });
  return Object.assign(app, {
    runs,
    host,
    chains: registry,
    journal,
    engine,
    directory,
    resumeRuns: () => runs.reconcile(),
    async close() {
      clearInterval(reconciling);
      await engine.close();
      await journal.settled();
      await runs.close();
      await feed.close();
    },
  });
}
