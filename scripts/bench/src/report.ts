/** Renders a bench run as the Markdown of docs/benchmarks.md. */
import type { ChainOverhead } from './chain-overhead.ts';
import { renderBarChart, TARGET_COLORS } from './growth/svg-chart.ts';
import type { MachineInfo } from './machine.ts';
import { fixed, mib, ratio, whole } from './report-format.ts';
import { renderTaskCostReport } from './report-task-cost.ts';
import type { MemoryFigures } from './run-memory.ts';
import { TARGETS, type Target, type WorkloadFigures } from './run-workloads.ts';
import type { Workload } from './workloads.ts';

export interface BenchResults {
  readonly machine: MachineInfo;
  readonly pinned: boolean;
  readonly settings: {
    rounds: number;
    warmupMs: number;
    durationMs: number;
    memoryTasks: number;
    chainRuns: number;
  };
  readonly workloads: readonly Workload[];
  readonly figures: Map<string, WorkloadFigures>;
  readonly memory: Map<Target['id'], MemoryFigures>;
  readonly chain: ChainOverhead;
  /** The folder of the report's SVG plots, relative to the report. */
  readonly plots: string;
}

/** The goals, as a fraction of the ceiling: issue 48's where it set one (W1 c=16, W2, W3), else issue 17's. */
const CEILING_GOALS: Readonly<Record<string, number>> = {
  'W1 c=1': 0.7,
  'W1 c=16': 0.45,
  'W1 c=64': 0.5,
  W2: 0.4,
  W3: 0.6,
  W4: 0.9,
};
/** Issue 33's goals as a fraction of the floor. */
const FLOOR_GOALS: Readonly<Record<string, number>> = { 'W1 c=16': 0.85 };
const MEMORY_GOAL_MIB = 120;
/** Issue 33: bytes promoted to the old generation per blocking task. */
const PROMOTED_GOAL_BYTES = 3 * 1024;
const CHAIN_GOAL_MS = 5;

function throughputTable(results: BenchResults): string[] {
  const lines = [
    '| workload | Baton | @a2a-js/sdk | floor | ceiling | Baton / ceiling | Baton / floor | Baton / SDK | floor / ceiling | goal |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const workload of results.workloads) {
    const figures = results.figures.get(workload.id);
    if (!figures) continue;
    const { baton, sdk, floor, hono } = figures;
    const goal = CEILING_GOALS[workload.id] ?? 0;
    const floorGoal = FLOOR_GOALS[workload.id];
    const goals = [
      `≥ ${goal}× ceiling: ${baton.rate >= goal * hono.rate ? 'met' : 'not met'}`,
      ...(floorGoal === undefined
        ? []
        : [`≥ ${floorGoal}× floor: ${baton.rate >= floorGoal * floor.rate ? 'met' : 'not met'}`]),
    ];
    lines.push(
      `| ${workload.id}: ${workload.title} (${workload.unit}) | ${whole(baton.rate)} | ${whole(sdk.rate)} | ${whole(floor.rate)} | ${whole(hono.rate)} | ${ratio(baton.rate, hono.rate)} | ${ratio(baton.rate, floor.rate)} | ${ratio(baton.rate, sdk.rate)} | ${ratio(floor.rate, hono.rate)} | ${goals.join('; ')} |`,
    );
  }
  return lines;
}

function detailTable(results: BenchResults): string[] {
  const lines = [
    '| workload | target | p50 ms | p99 ms | events/s | answers checked | wrong answers | load generator CPU |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const workload of results.workloads) {
    const figures = results.figures.get(workload.id);
    if (!figures) continue;
    for (const target of TARGETS) {
      const f = figures[target.id];
      const events = workload.streams ? whole(f.eventsPerSecond) : '';
      lines.push(
        `| ${workload.id} | ${target.label} | ${fixed(f.p50Ms, 2)} | ${fixed(f.p99Ms, 2)} | ${events} | ${whole(f.requests)} | ${f.errors} | ${fixed(f.generatorCpu, 0)} % |`,
      );
    }
  }
  return lines;
}

function memoryTable(results: BenchResults): string[] {
  const lines = [
    '| target | start | 25 % | 50 % | 75 % | 100 % | growth over the second half | promoted per task | goal |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const target of TARGETS) {
    const memory = results.memory.get(target.id);
    if (!memory) continue;
    const [start, q1, half, q3, end] = memory.rss;
    const growth = end !== undefined && half !== undefined ? end - half : Number.NaN;
    const flat = end !== undefined && end < MEMORY_GOAL_MIB * 2 ** 20 && growth < 0.1 * (end ?? 0);
    const goal =
      target.id === 'baton'
        ? `< ${MEMORY_GOAL_MIB} MiB and flat: ${flat ? 'met' : 'not met'}; ≤ 3 KiB promoted per task: ${memory.promotedPerTask <= PROMOTED_GOAL_BYTES ? 'met' : 'not met'}`
        : '';
    lines.push(
      `| ${target.label} | ${mib(start)} | ${mib(q1)} | ${mib(half)} | ${mib(q3)} | ${mib(end)} | ${mib(growth)} | ${whole(memory.promotedPerTask)} B | ${goal} |`,
    );
  }
  return lines;
}

/** W1–W4 as a plot: each target's rate as a multiple of the ceiling's. */
export function renderThroughputPlot(results: Pick<BenchResults, 'workloads' | 'figures'>): string {
  return renderBarChart({
    title: 'Throughput as a multiple of the ceiling, by workload (higher is better)',
    unit: '× ceiling',
    series: [
      { name: 'Baton', color: TARGET_COLORS.baton },
      { name: '@a2a-js/sdk', color: TARGET_COLORS.sdk },
      { name: 'the floor', color: TARGET_COLORS.floor },
    ],
    groups: results.workloads.map((workload) => {
      const figures = results.figures.get(workload.id);
      const ceiling = figures?.hono.rate ?? 0;
      const of = (rate: number | undefined) =>
        ceiling > 0 && rate !== undefined ? rate / ceiling : undefined;
      return {
        label: workload.id,
        values: [of(figures?.baton.rate), of(figures?.sdk.rate), of(figures?.floor.rate)],
      };
    }),
  });
}

/** The whole report. */
export function renderReport(results: BenchResults): string {
  const { machine, settings, chain } = results;
  const versions = Object.entries(machine.versions)
    .map(([name, version]) => `${name} ${version}`)
    .join(', ');
  return [
    '# Benchmarks',
    '',
    'Written by `pnpm bench` (`scripts/bench`); do not edit by hand. Four targets serve the same workload,',
    'each in its own process on 127.0.0.1: Baton (`createA2AServer` with its defaults), the official',
    '`@a2a-js/sdk` server (Express, `DefaultRequestHandler`, `InMemoryTaskStore`), a bare Hono app that',
    'parses the JSON-RPC body and answers a fixed result: the ceiling for a Node HTTP server here, serializing',
    "each event of a stream per request and writing a stream's frames in one write, as the fastest server would,",
    'and the floor: that app plus only what any server that keeps tasks must do (ids, a timestamp, the task with',
    'its message kept in a 1,000-task LRU, each event serialized once; no validation, no state machine). Their',
    'executors emit the task, N artifact chunks with a DataPart each, and completed. The load generator is a',
    'closed loop on kept-alive connections in its own process; every answer is read to its end and checked.',
    `Targets run ${results.pinned ? 'pinned to core 0 and the load generator to core 1' : 'unpinned (fewer than two cores or no taskset)'}; workloads run in`,
    `${settings.rounds} interleaved rounds (A B C D, D C B A, …) of ${settings.durationMs / 1000} s after ${settings.warmupMs / 1000} s of warm-up, and the tables show medians.`,
    '',
    `**Absolute figures depend on the machine; compare the ratios.** Run on ${machine.date}: ${machine.cpu},`,
    `${machine.cores} cores, Node ${machine.node}, Baton at ${machine.commit}; ${versions}.`,
    '',
    '## Throughput (W1–W4)',
    '',
    `![Throughput as a multiple of the ceiling](${results.plots}/throughput.svg)`,
    '',
    ...throughputTable(results),
    '',
    ...detailTable(results),
    '',
    `## Memory (W5): server RSS while completing ${whole(results.memory.get('baton')?.tasks ?? 0)} tasks`,
    '',
    'A fresh process per target, blocking sends at concurrency 16, RSS read from `/proc` after each quarter.',
    '',
    ...memoryTable(results),
    '',
    ...renderTaskCostReport(),
    '## The chain (W6): the orchestrator’s overhead per step',
    '',
    'The outline, doc and summary agents and the orchestrator run as processes. Each pair runs one chain',
    'through the orchestrator (`POST /runs` with `wait`) and the same three agent calls made directly by the',
    'bench with `@baton/client`, alternating which goes first; the overhead per step is (run − direct) / 3.',
    '',
    '| pairs | run p50 | direct p50 | overhead per step p50 | p90 | failures | goal |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    `| ${chain.runs} | ${fixed(chain.runP50Ms)} ms | ${fixed(chain.directP50Ms)} ms | ${fixed(chain.stepOverheadP50Ms, 2)} ms | ${fixed(chain.stepOverheadP90Ms, 2)} ms | ${chain.failures} | < ${CHAIN_GOAL_MS} ms at p50: ${chain.stepOverheadP50Ms < CHAIN_GOAL_MS ? 'met' : 'not met'} |`,
    '',
  ].join('\n');
}
