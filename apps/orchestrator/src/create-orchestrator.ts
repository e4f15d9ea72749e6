import type { AgentHosting } from '@baton/chain';
import type { A2AClientOptions } from '@baton/client';
import { isA2AError } from '@baton/protocol';
import { type Logger, STORE_UNAVAILABLE } from '@baton/server';
import { Hono } from 'hono';
import { createChainAgent } from './a2a/create-chain-agent.ts';
import type { ChainDefinition } from './chains/chain-definition.ts';
import { loadChains } from './chains/load-chains.ts';
import { type ConsoleAssets, loadConsole } from './console/build-console.ts';
import { createConsoleRoutes } from './console/console-routes.ts';
import { type AgentDirectory, createAgentDirectory } from './discovery/agent-directory.ts';
import { createAgentsRoutes } from './http/create-agents-routes.ts';
import { createRunsRoutes } from './http/create-runs-routes.ts';
import { jsonError, storeUnavailable } from './http/json-errors.ts';
import { createRun, type RunInput } from './run/create-run.ts';
import { logRunEvent } from './run/log-run-event.ts';
import { createRunJournal, type RunJournal } from './run/run-journal.ts';
import { createInMemoryRunRecords, type RunRecords } from './run/run-records.ts';
import { createRunStore, type RunStore } from './run/run-store.ts';
import { createRunTelemetry } from './run/run-telemetry.ts';

/** Options of {@link createOrchestrator}. */
export interface OrchestratorOptions {
  /** Base URLs of the agents; each step's agent is picked by skill id from their cards. */
  readonly agents: readonly string[];
  /** Longest time an agent may work on a step between two answers; default 120 s. */
  readonly stepTimeoutMs?: number;
  /** Finished runs kept in memory; default 200. */
  readonly maxFinishedRuns?: number;
  /** Extra options of the clients that talk to the agents (fetch, timeouts, retries). */
  readonly client?: Omit<A2AClientOptions, 'agent' | 'signal'>;
  /** Where the chain agent reports failures its callers must not see; default the console. */
  readonly logger?: Logger;
  /** Where runs are kept; default in memory. With durable records, unfinished runs go on after a restart. */
  readonly runRecords?: RunRecords;
  /**
   * How long a run waits for its records when they cannot be reached before it fails with STORE_UNAVAILABLE;
   * default 60 s. Nothing is dropped meanwhile.
   */
  readonly recordsOutageMs?: number;
  /** Where the orchestrator's own A2A agent keeps its tasks (store, cluster). */
  readonly hosting?: AgentHosting;
  /** The chain definitions runs may choose (`POST /runs { chain }`); default the shipped ones (`chains/*.json`). */
  readonly chains?: readonly ChainDefinition[];
  /** The web console's built files, served at `/`; `false` for none. Default: built once per process, in memory. */
  readonly console?: (() => Promise<ConsoleAssets>) | false;
  /**
   * Where a run's trace can be seen, with `{traceId}` in it (e.g. Jaeger's `http://localhost:16686/trace/{traceId}`):
   * the console links each run there. Default: the console shows the trace id only.
   */
  readonly traceUrl?: string | undefined;
}

/** The orchestrator: a Hono app with the runs API and the chain's A2A agent, plus its runs and agents. */
export type Orchestrator = Hono & {
  readonly runs: RunStore;
  /** Where every run's events are kept, in order; `settled()` before the process exits. */
  readonly journal: RunJournal;
  readonly directory: AgentDirectory;
  /** Resumes the runs the records hold as unfinished (a restart); resolves with how many. */
  resumeRuns(): Promise<number>;
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
  const directory = createAgentDirectory({
    urls: options.agents,
    ...(options.client === undefined ? {} : { client: options.client }),
  });
  const records = options.runRecords ?? createInMemoryRunRecords();
  const journal = createRunJournal({ records, logger: options.logger });
  const runs = createRunStore({
    ...(options.maxFinishedRuns === undefined ? {} : { maxFinished: options.maxFinishedRuns }),
    records,
  });
  const chains = options.chains ?? loadChains();
  const telemetry = createRunTelemetry();
  const chainNamed = (name: string | undefined) =>
    chains.find((chain) => chain.name === (name ?? 'default')) ?? (chains[0] as ChainDefinition);
  const startRun = (
    input: Omit<RunInput, 'directory' | 'journal' | 'stepTimeoutMs' | 'onEvent' | 'chain'> & {
      readonly chain?: string | undefined;
    },
  ) => {
    const run = createRun({
      ...input,
      chain: chainNamed(input.chain ?? input.resume?.view.chain),
      directory,
      journal,
      telemetry,
      onEvent: (event, view) => logRunEvent(options.logger, event, view),
      ...(options.recordsOutageMs === undefined ? {} : { recordsOutageMs: options.recordsOutageMs }),
      ...(options.stepTimeoutMs === undefined ? {} : { stepTimeoutMs: options.stepTimeoutMs }),
    });
    runs.add(run);
    return run;
  };
  const resumeRuns = async () => {
    const unfinished = await runs.unfinished();
    for (const view of unfinished) {
      if (runs.get(view.runId)) continue;
      const stored = await runs.load(view.runId);
      if (stored) startRun({ topic: view.topic, resume: stored });
    }
    return unfinished.length;
  };

  const holdRun = async (runId: string) => {
    const held = runs.get(runId);
    if (held) return held;
    const stored = await runs.load(runId);
    if (stored === undefined) return undefined;
    return runs.get(runId) ?? startRun({ topic: stored.view.topic, resume: stored });
  };

  const app = new Hono();
  app.route('/', createRunsRoutes({ runs, journal, startRun, chains, holdRun }));
  app.route('/', createAgentsRoutes(directory));
  if (options.console !== false) {
    app.route('/', createConsoleRoutes(options.console ?? loadConsole));
    app.get('/console/settings', (c) => c.json(options.traceUrl ? { traceUrl: options.traceUrl } : {}));
  }
  app.route(
    '/',
    createChainAgent({
      startRun,
      chains,
      ...(options.logger === undefined ? {} : { logger: options.logger }),
      ...(options.hosting === undefined ? {} : { hosting: options.hosting }),
    }),
  );
  app.notFound((c) => jsonError(c, 404, 'NOT_FOUND', `No route ${c.req.method} ${c.req.path}`));
  app.onError((error, c) => {
    if (isA2AError(error) && error.reason === STORE_UNAVAILABLE) return storeUnavailable(c);
    return jsonError(c, 500, 'INTERNAL_ERROR', 'The orchestrator failed on this request');
  });
  return Object.assign(app, { runs, journal, directory, resumeRuns });
}
