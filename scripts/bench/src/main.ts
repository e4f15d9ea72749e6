/**
 * `pnpm bench`: Baton against the bare-Hono ceiling and the official JS SDK (W1–W6), written to
 * docs/benchmarks.md. `--smoke` runs every workload for a moment and only checks that every target answered
 * correctly (CI runs it); `--rounds`, `--duration` (s), `--tasks` and `--out` tune a full run.
 */

import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureBytes, renderBytesReport } from '@baton/size';
import { buildBundles, buildColdStartBundles } from './build-targets.ts';
import { measureChainOverhead } from './chain-overhead.ts';
import { measureControlFlow, renderControlFlow } from './control-flow.ts';
import { growthProblems, renderGrowthPlots, renderGrowthReport } from './growth/report-growth.ts';
import { FULL_GROWTH, runGrowth, SMOKE_GROWTH } from './growth/run-growth.ts';
import { describeMachine } from './machine.ts';
import { canPin, pin, startLoadGenerator } from './processes.ts';
import { renderReport, renderThroughputPlot } from './report.ts';
import { renderStoresReport } from './report-stores.ts';
import { renderColdStartReport, runColdStart } from './run-cold-start.ts';
import { renderGrpcReport, runGrpc } from './run-grpc.ts';
import { runMemory } from './run-memory.ts';
import { renderRuntimesReport, runRuntimes } from './run-runtimes.ts';
import { runStores } from './run-stores.ts';
import { renderTelemetryReport, runTelemetryCost } from './run-telemetry-cost.ts';
import { type Figures, runWorkloads, TARGETS, type TargetSpec } from './run-workloads.ts';
import { WORKLOADS } from './workloads.ts';

const { values } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    duration: { type: 'string' },
    tasks: { type: 'string' },
    'large-tasks': { type: 'string' },
    out: { type: 'string' },
  },
});
const smoke = values.smoke === true;
const settings = {
  rounds: Number(values.rounds ?? (smoke ? 1 : 4)),
  warmupMs: smoke ? 100 : 1000,
  durationMs: Number(values.duration ?? (smoke ? 0.2 : 3)) * 1000,
  memoryTasks: Number(values.tasks ?? (smoke ? 400 : 100_000)),
  chainRuns: smoke ? 2 : 40,
  largeTasks: Number(values['large-tasks'] ?? (smoke ? 400 : 1_000_000)),
  chainWarmup: smoke ? 1 : 5,
  growth: smoke ? SMOKE_GROWTH : FULL_GROWTH,
  coldStartRounds: smoke ? 1 : 10,
};
/** The folder of the plots, next to the report and named after it. */
const PLOTS = 'benchmarks';
/** What went wrong in one table of figures: a target that never answered a workload, or answered wrongly. */
function answerProblems<Id extends string>(
  figures: ReadonlyMap<string, Partial<Record<Id, Figures>>>,
  targets: readonly TargetSpec<Id>[],
): string[] {
  return [...figures].flatMap(([workload, byTarget]) =>
    targets.flatMap((target) => {
      const f = byTarget[target.id];
      if (!f || f.requests === 0) return [`${workload} ${target.label}: no answer`];
      return f.errors > 0
        ? [`${workload} ${target.label}: ${f.errors} wrong answers, e.g. ${f.firstError}`]
        : [];
    }),
  );
}

/** Aligns the report's tables as the repository's formatter does, so a fresh report passes `biome ci`. */
function formatMarkdown(file: string): void {
  const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
  const run = spawnSync(process.execPath, [biome, 'format', '--write', file], { encoding: 'utf8' });
  if (run.status !== 0) process.stderr.write(`could not format ${file}: ${run.stderr}\n`);
}

const pinned = canPin();
const serverCore = pinned ? 0 : undefined;
const loadCore = pinned ? 1 : undefined;
if (loadCore !== undefined) pin(process.pid, loadCore);
const log = (line: string) => process.stdout.write(`${line}\n`);

await buildBundles();
await buildColdStartBundles();
const generator = await startLoadGenerator(loadCore);
let problems: string[] = [];
try {
  const figures = await runWorkloads(WORKLOADS, generator, { ...settings, serverCore, log });
  const memory = await runMemory(generator, { tasks: settings.memoryTasks, serverCore, log });
  // The agents share the server core; the orchestrator and the bench's own direct client share the other.
  const chain = await measureChainOverhead({
    runs: settings.chainRuns,
    warmup: settings.chainWarmup,
    ...(serverCore === undefined ? {} : { core: serverCore }),
    ...(loadCore === undefined ? {} : { orchestratorCore: loadCore }),
  });
  log(`W6: overhead per step p50 ${chain.stepOverheadP50Ms.toFixed(2)} ms over ${chain.runs} pairs`);
  // Control flow (a map, the sections chain's parallelism): eight processes more, so not in the smoke run.
  const flow = smoke ? undefined : await measureControlFlow({ pairs: 20, warmup: 3, sectionRuns: 3, log });
  const stores = await runStores(generator, { ...settings, serverCore, log });
  const telemetry = await runTelemetryCost(generator, { ...settings, serverCore, log });
  const growth = await runGrowth(generator, { ...settings, serverCore, log });
  const grpc = await runGrpc(generator, { ...settings, serverCore, log });
  const runtimes = await runRuntimes(generator, { ...settings, serverCore, log });
  const coldStart = await runColdStart({ rounds: settings.coldStartRounds, serverCore, log });
  const bytes = await measureBytes();

  problems = [
    ...answerProblems(figures, TARGETS),
    ...TARGETS.flatMap((target) => {
      const m = memory.get(target.id);
      return m && m.errors > 0 ? [`W5 ${target.label}: ${m.errors} wrong answers, e.g. ${m.firstError}`] : [];
    }),
    ...(chain.failures > 0 || chain.runs === 0
      ? [`W6: ${chain.failures} failed chains, e.g. ${chain.firstFailure}`]
      : []),
    ...[...(flow?.map ?? []), ...(flow?.sections ? [flow.sections] : [])].flatMap((part) =>
      part.failures > 0 ? [`W6 control flow: ${part.failures} failed runs, e.g. ${part.firstFailure}`] : [],
    ),
    ...answerProblems(stores.figures, stores.stores),
    ...answerProblems(telemetry.figures, telemetry.targets),
    ...answerProblems(grpc.figures, grpc.targets),
    ...answerProblems(runtimes.figures, runtimes.targets),
    ...growthProblems(growth),
    ...coldStart.problems,
    ...(stores.large.errors > 0
      ? [`W8: ${stores.large.errors} wrong answers, e.g. ${stores.large.firstError}`]
      : []),
  ];

  const report = `${renderReport({
    machine: describeMachine(),
    pinned,
    settings: { ...settings },
    workloads: WORKLOADS,
    figures,
    memory,
    chain,
    plots: PLOTS,
  })}\n${flow ? `${renderControlFlow(flow)}\n` : ''}${renderStoresReport(stores).join('\n')}\n\n${renderTelemetryReport(telemetry).join('\n')}\n\n${renderGrowthReport(growth, PLOTS).join('\n')}\n\n${renderGrpcReport(grpc).join('\n')}\n\n${renderRuntimesReport(runtimes).join('\n')}\n\n${renderColdStartReport(coldStart, settings.coldStartRounds).join('\n')}\n\n${renderBytesReport(bytes)}`;
  const plots = {
    'throughput.svg': renderThroughputPlot({ workloads: WORKLOADS, figures }),
    ...renderGrowthPlots(growth),
  };
  if (smoke) {
    log(problems.length === 0 ? 'smoke: every target answered every workload correctly' : 'smoke: FAILED');
  } else {
    const out = values.out ?? fileURLToPath(new URL('../../../docs/benchmarks.md', import.meta.url));
    writeFileSync(out, report);
    formatMarkdown(out);
    const folder = join(dirname(out), PLOTS);
    mkdirSync(folder, { recursive: true });
    for (const [name, svg] of Object.entries(plots)) writeFileSync(join(folder, name), svg);
    log(`\n${report}\nwritten to ${out}, plots in ${folder}`);
  }
} finally {
  await generator.stop();
}
for (const problem of problems) process.stderr.write(`${problem}\n`);
process.exitCode = problems.length === 0 ? 0 : 1;
