/** W1–W4: every target under every workload, interleaved round by round, medians per target. */
import type { LoadResult } from './load/load-job.ts';
import { type LoadGenerator, startTarget, type TargetProcess, type TargetRuntime } from './processes.ts';
import { median } from './stats.ts';
import type { Workload } from './workloads.ts';

/** A process to measure: a bundled script in `src/targets`, with the environment it is started with. */
export interface TargetSpec<Id extends string = string> {
  readonly id: Id;
  readonly label: string;
  readonly script: string;
  readonly env?: Readonly<Record<string, string>>;
  /** Whether the target serves gRPC (it announces `http://host:port`); its jobs go over gRPC. */
  readonly grpc?: boolean;
  /** Runs the target on Bun or Deno (from source) instead of Node (from its bundle). */
  readonly runtime?: TargetRuntime;
}

export interface Target extends TargetSpec<'baton' | 'sdk' | 'floor' | 'hono'> {}

export const TARGETS: readonly Target[] = [
  { id: 'baton', label: 'Baton', script: 'baton-target' },
  { id: 'sdk', label: '@a2a-js/sdk', script: 'sdk-target' },
  { id: 'floor', label: 'the floor (keeps tasks, nothing more)', script: 'floor-target' },
  { id: 'hono', label: 'bare Hono (ceiling)', script: 'hono-target' },
];

/** One target's figures under one workload: medians over the rounds. */
export interface Figures {
  readonly rate: number;
  readonly eventsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** The load generator's highest CPU use in any round, % of one core. */
  readonly generatorCpu: number;
  readonly requests: number;
  readonly errors: number;
  readonly firstError?: string;
}

export type WorkloadFigures = Record<Target['id'], Figures>;

/** Medians over rounds of one target under one workload. */
export function summarize(samples: readonly LoadResult[]): Figures {
  const firstError = samples.find((sample) => sample.firstError)?.firstError;
  return {
    rate: median(samples.map((s) => (s.requests / s.elapsedMs) * 1000)),
    eventsPerSecond: median(samples.map((s) => (s.events / s.elapsedMs) * 1000)),
    p50Ms: median(samples.map((s) => s.p50Ms)),
    p99Ms: median(samples.map((s) => s.p99Ms)),
    generatorCpu: Math.max(...samples.map((s) => s.cpuPercent)),
    requests: samples.reduce((sum, s) => sum + s.requests, 0),
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
    ...(firstError === undefined ? {} : { firstError }),
  };
}

export interface WorkloadSettings {
  readonly rounds: number;
  readonly warmupMs: number;
  readonly durationMs: number;
  readonly serverCore?: number | undefined;
  readonly log: (line: string) => void;
}

/**
 * Starts the targets (pinned to the server core; by default Baton, the SDK and the ceiling), then for each
 * workload runs the rounds, A B C then C B A, so drift on a shared machine hits every target alike.
 */
export async function runWorkloads<Id extends string = Target['id']>(
  workloads: readonly Workload[],
  generator: LoadGenerator,
  settings: WorkloadSettings,
  targets: readonly TargetSpec<Id>[] = TARGETS as unknown as readonly TargetSpec<Id>[],
): Promise<Map<string, Record<Id, Figures>>> {
  const running = new Map<Id, TargetProcess>();
  try {
    for (const target of targets)
      running.set(
        target.id,
        await startTarget(target.script, settings.serverCore, { ...target.env }, target.runtime),
      );
    const results = new Map<string, Record<Id, Figures>>();
    for (const workload of workloads) {
      const samples = new Map<Id, LoadResult[]>(targets.map((target) => [target.id, []]));
      for (let round = 0; round < settings.rounds; round++) {
        const order = round % 2 === 0 ? targets : [...targets].reverse();
        for (const target of order) {
          const origin = running.get(target.id)?.url ?? '';
          const job = workload.job(origin, settings);
          const result = await generator.run(target.grpc ? { ...job, grpc: true } : job);
          samples.get(target.id)?.push(result);
          const rate = ((result.requests / result.elapsedMs) * 1000).toFixed(0);
          settings.log(`${workload.id} round ${round + 1} ${target.label}: ${rate} ${workload.unit}`);
        }
      }
      const figures = Object.fromEntries(
        targets.map((target) => [target.id, summarize(samples.get(target.id) ?? [])]),
      ) as Record<Id, Figures>;
      results.set(workload.id, figures);
    }
    return results;
  } finally {
    await Promise.all([...running.values()].map((target) => target.stop()));
  }
}
