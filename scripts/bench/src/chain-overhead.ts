/**
 * What the orchestrator adds to a chain run: the same three agent calls timed through `POST /runs` and made
 * directly by the bench, in interleaved pairs, against the same four real processes.
 */
import { createDirectChain } from './chain/direct-chain.ts';
import { startChain } from './chain/start-chain.ts';
import { percentile } from './stats.ts';
import { timed } from './timed.ts';

/** The result of {@link measureChainOverhead}. */
export interface ChainOverhead {
  /** Measured pairs. */
  readonly runs: number;
  /** p50 wall time of a chain run through the orchestrator (`POST /runs` with `wait: true`). */
  readonly runP50Ms: number;
  /** p50 wall time of the same three agent calls made directly by the bench. */
  readonly directP50Ms: number;
  /** p50 over the pairs of (run − direct) / 3: the orchestrator's overhead per step. */
  readonly stepOverheadP50Ms: number;
  /** p90 of the same. */
  readonly stepOverheadP90Ms: number;
  /** Runs or direct chains (warmup included) that did not complete with valid contracts. */
  readonly failures: number;
  readonly firstFailure?: string;
}

/** Options of {@link measureChainOverhead}. */
export interface ChainOverheadOptions {
  /** Measured pairs (one direct chain and one orchestrated run each). */
  readonly runs: number;
  /** Unmeasured pairs first. */
  readonly warmup: number;
  /** Pins the three agents to this core. */
  readonly core?: number;
  /**
   * Pins the orchestrator to this core: put it with the bench's own process, so the orchestrator and the
   * direct client it is compared with do their client work on the same core, apart from the agents.
   */
  readonly orchestratorCore?: number;
}

/** One chain through the orchestrator; throws unless it completed. */
async function orchestratedRun(orchestrator: string, topic: string): Promise<void> {
  const response = await fetch(`${orchestrator}/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ topic, wait: true }),
  });
  const run = (await response.json()) as { status?: string; error?: { message?: string } };
  if (!response.ok || run.status !== 'completed') {
    throw new Error(`run ${run.status ?? `HTTP ${response.status}`}: ${run.error?.message ?? ''}`);
  }
}

/**
 * Starts the three agents and the orchestrator as processes (agents on `core`, the orchestrator on `orchestratorCore`, when given), runs `warmup`
 * unmeasured pairs and then `runs` measured pairs, each a direct chain and an orchestrated run on the same
 * topic (a new topic per pair, which half goes first alternating), and stops the processes.
 *
 * @example
 * const overhead = await measureChainOverhead({ runs: 30, warmup: 3, core: 0 });
 * console.log(`${overhead.stepOverheadP50Ms.toFixed(2)} ms per step`);
 */
export async function measureChainOverhead(options: ChainOverheadOptions): Promise<ChainOverhead> {
  const chain = await startChain({
    ...(options.core === undefined ? {} : { agents: options.core }),
    ...(options.orchestratorCore === undefined ? {} : { orchestrator: options.orchestratorCore }),
  });
  try {
    const direct = await createDirectChain(chain.agents);
    const runTimes: number[] = [];
    const directTimes: number[] = [];
    const overheads: number[] = [];
    let failures = 0;
    let firstFailure: string | undefined;
    const fail = (why: string) => {
      failures++;
      firstFailure ??= why;
    };
    for (let i = 0; i < options.warmup + options.runs; i++) {
      const topic = `Topic ${i}`;
      const directHalf = async () =>
        (
          await timed(
            () => direct.run(topic),
            (why) => fail(`direct ${topic}: ${why}`),
          )
        )?.ms;
      const runHalf = async () =>
        (
          await timed(
            () => orchestratedRun(chain.orchestrator, topic),
            (why) => fail(`run ${topic}: ${why}`),
          )
        )?.ms;
      let directMs: number | undefined;
      let runMs: number | undefined;
      if (i % 2 === 0) {
        directMs = await directHalf();
        runMs = await runHalf();
      } else {
        runMs = await runHalf();
        directMs = await directHalf();
      }
      if (i < options.warmup) continue;
      if (directMs !== undefined) directTimes.push(directMs);
      if (runMs !== undefined) runTimes.push(runMs);
      if (directMs !== undefined && runMs !== undefined) overheads.push((runMs - directMs) / 3);
    }
    return {
      runs: options.runs,
      runP50Ms: percentile(runTimes, 50),
      directP50Ms: percentile(directTimes, 50),
      stepOverheadP50Ms: percentile(overheads, 50),
      stepOverheadP90Ms: percentile(overheads, 90),
      failures,
      ...(firstFailure === undefined ? {} : { firstFailure }),
    };
  } finally {
    await chain.stop();
  }
}
