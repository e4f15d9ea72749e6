/**
 * `pnpm --filter @baton/bench quick-memory [--targets baton,floor] [--tasks 40000] [--no-build]`: W5 alone, for a
 * quick look while cutting what a task costs: each target's RSS after each quarter of the tasks and the bytes its
 * scavenges promoted per task over the second half. Not a comparison to publish: that is `pnpm bench`.
 */
import { parseArgs } from 'node:util';
import { buildBundles } from './build-targets.ts';
import { canPin, pin, startLoadGenerator } from './processes.ts';
import { runMemory } from './run-memory.ts';
import { TARGETS } from './run-workloads.ts';

const { values } = parseArgs({
  options: {
    targets: { type: 'string', default: 'baton,floor' },
    tasks: { type: 'string', default: '40000' },
    'no-build': { type: 'boolean', default: false },
  },
});
const ids = (values.targets ?? '').split(',');
const targets = TARGETS.filter((target) => ids.includes(target.id));
const tasks = Number(values.tasks);
if (targets.length === 0 || !Number.isInteger(tasks) || tasks < 4) {
  console.error(
    `--targets names some of ${TARGETS.map((t) => t.id).join(', ')}; --tasks is a whole number ≥ 4`,
  );
  process.exit(2);
}
const pinned = canPin();
if (pinned) pin(process.pid, 1);
if (!values['no-build']) await buildBundles();
const generator = await startLoadGenerator(pinned ? 1 : undefined);
try {
  const figures = await runMemory(generator, {
    tasks,
    serverCore: pinned ? 0 : undefined,
    targets,
    log: (line) => console.log(line),
  });
  for (const [id, memory] of figures) {
    const rss = memory.rss.map((bytes) => `${(bytes / 2 ** 20).toFixed(0)}`).join(' → ');
    console.log(
      `${id.padEnd(6)} promoted ${Math.round(memory.promotedPerTask)} B/task, RSS ${rss} MiB, errors ${memory.errors}`,
    );
  }
} finally {
  await generator.stop();
}
