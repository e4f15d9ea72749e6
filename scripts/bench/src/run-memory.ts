/**
 * W5: server RSS while a fresh target completes N tasks, sampled every quarter, and what each task left to the old
 * generation: the target runs with `--trace-gc-nvp` and the bytes its scavenges promoted over the second half
 * (warm, the stores full) are divided by the tasks completed then.
 */
import { countPromotedBytes } from './gc-trace.ts';
import { type LoadGenerator, rssOf, startTarget } from './processes.ts';
import { TARGETS, type Target } from './run-workloads.ts';
import { memoryJob } from './workloads.ts';

export interface MemoryFigures {
  readonly tasks: number;
  /** RSS in bytes at start and after each quarter of the tasks. */
  readonly rss: readonly number[];
  /** Bytes promoted to the old generation per task over the second half. */
  readonly promotedPerTask: number;
  readonly errors: number;
  readonly firstError?: string;
}

export async function runMemory(
  generator: LoadGenerator,
  settings: {
    tasks: number;
    serverCore?: number | undefined;
    log: (line: string) => void;
    /** The targets to measure, in order; default all of {@link TARGETS}. */
    targets?: readonly Target[];
  },
): Promise<Map<Target['id'], MemoryFigures>> {
  const results = new Map<Target['id'], MemoryFigures>();
  for (const target of settings.targets ?? TARGETS) {
    const promoted = countPromotedBytes();
    const running = await startTarget(target.script, settings.serverCore, undefined, undefined, {
      nodeFlags: ['--trace-gc-nvp'],
      onOutput: (chunk) => promoted.write(chunk),
    });
    try {
      const rss = [rssOf(running.pid) ?? Number.NaN];
      let promotedAtHalf = 0;
      let errors = 0;
      let firstError: string | undefined;
      const quarter = Math.ceil(settings.tasks / 4);
      for (let step = 0; step < 4; step++) {
        const result = await generator.run(memoryJob(running.url, quarter));
        errors += result.errors;
        firstError ??= result.firstError;
        rss.push(rssOf(running.pid) ?? Number.NaN);
        if (step === 1) promotedAtHalf = promoted.total();
        settings.log(
          `W5 ${target.label}: ${(step + 1) * quarter} tasks, RSS ${((rss.at(-1) ?? 0) / 2 ** 20).toFixed(0)} MiB`,
        );
      }
      // The last scavenge lines may trail the last answer by a moment.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const promotedPerTask = (promoted.total() - promotedAtHalf) / (quarter * 2);
      settings.log(`W5 ${target.label}: ${Math.round(promotedPerTask)} bytes promoted per task`);
      results.set(target.id, {
        tasks: quarter * 4,
        rss,
        promotedPerTask,
        errors,
        ...(firstError === undefined ? {} : { firstError }),
      });
    } finally {
      await running.stop();
    }
  }
  return results;
}
