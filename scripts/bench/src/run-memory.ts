/** W5: server RSS while a fresh target completes N tasks, sampled every quarter. */
import { type LoadGenerator, rssOf, startTarget } from './processes.ts';
import { TARGETS, type Target } from './run-workloads.ts';
import { memoryJob } from './workloads.ts';

export interface MemoryFigures {
  readonly tasks: number;
  /** RSS in bytes at start and after each quarter of the tasks. */
  readonly rss: readonly number[];
  readonly errors: number;
  readonly firstError?: string;
}

export async function runMemory(
  generator: LoadGenerator,
  settings: { tasks: number; serverCore?: number | undefined; log: (line: string) => void },
): Promise<Map<Target['id'], MemoryFigures>> {
  const results = new Map<Target['id'], MemoryFigures>();
  for (const target of TARGETS) {
    const running = await startTarget(target.script, settings.serverCore);
    try {
      const rss = [rssOf(running.pid) ?? Number.NaN];
      let errors = 0;
      let firstError: string | undefined;
      const quarter = Math.ceil(settings.tasks / 4);
      for (let step = 0; step < 4; step++) {
        const result = await generator.run(memoryJob(running.url, quarter));
        errors += result.errors;
        firstError ??= result.firstError;
        rss.push(rssOf(running.pid) ?? Number.NaN);
        settings.log(
          `W5 ${target.label}: ${(step + 1) * quarter} tasks, RSS ${((rss.at(-1) ?? 0) / 2 ** 20).toFixed(0)} MiB`,
        );
      }
      results.set(target.id, {
        tasks: quarter * 4,
        rss,
        errors,
        ...(firstError === undefined ? {} : { firstError }),
      });
    } finally {
      await running.stop();
    }
  }
  return results;
}
