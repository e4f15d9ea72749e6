/** Starting the chain's four apps (three agents and the orchestrator) as real processes for a bench. */
import { fileURLToPath } from 'node:url';
import { CHAIN_STEPS, type ChainStep } from '@baton/chain';
import { startProcess, type TargetProcess } from '../processes.ts';

/** The app of each step, under `apps/`. */
const STEP_APPS: Readonly<Record<ChainStep, string>> = {
  outline: 'outline-agent',
  document: 'doc-agent',
  summary: 'summary-agent',
};

const appMain = (app: string) =>
  fileURLToPath(new URL(`../../../../apps/${app}/src/main.ts`, import.meta.url));

/** The running chain: each step's agent URL, the orchestrator's URL, and a way to stop all four. */
export interface RunningChain {
  readonly agents: Readonly<Record<ChainStep, string>>;
  readonly orchestrator: string;
  /** Stops every process that was started. */
  stop(): Promise<void>;
}

// The offline generators (deterministic, no network): an LLM configured in the environment must not leak in.
// Tasks and runs in memory: W6 measures the orchestrator, and must not share the SQLite files of `npm start`.
const OFFLINE = { BATON_LLM_BASE_URL: '', OPENAI_BASE_URL: '', BATON_LLM_MODEL: '', BATON_STORE: 'memory' };

/**
 * Starts the three agents, then the orchestrator pointed at them, each on any free port of 127.0.0.1; the
 * agents pinned to `cores.agents` and the orchestrator to `cores.orchestrator` when given. If any fails to
 * start, those already running are stopped before it throws.
 */
export async function startChain(
  cores: { agents?: number; orchestrator?: number } = {},
): Promise<RunningChain> {
  const started: TargetProcess[] = [];
  const stop = async () => {
    await Promise.all(started.map((process) => process.stop()));
  };
  const start = async (app: string, env: Record<string, string> = {}) => {
    const core = app === 'orchestrator' ? cores.orchestrator : cores.agents;
    const process = await startProcess(appMain(app), {
      env: { PORT: '0', HOST: '127.0.0.1', ...OFFLINE, ...env },
      ...(core === undefined ? {} : { core }),
    });
    started.push(process);
    return process.url;
  };
  const settled = await Promise.allSettled(CHAIN_STEPS.map((step) => start(STEP_APPS[step])));
  try {
    const urls = settled.map((result) => {
      if (result.status === 'rejected') throw result.reason;
      return result.value;
    });
    const agents = Object.fromEntries(CHAIN_STEPS.map((step, i) => [step, urls[i] ?? ''])) as Record<
      ChainStep,
      string
    >;
    const orchestrator = await start('orchestrator', { AGENT_URLS: urls.join(',') });
    return { agents, orchestrator, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
