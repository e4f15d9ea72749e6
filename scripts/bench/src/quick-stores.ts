/**
 * `pnpm --filter @baton/bench quick-stores [--rounds 2] [--duration 3]`: only W7 (W1 c=16 and W2 on the in-memory
 * store, SQLite and PostgreSQL, interleaved) with a small W8, for a look at the store ratios while tuning them.
 * The report in docs/benchmarks.md is `pnpm bench`.
 */
import { parseArgs } from 'node:util';
import { buildBundles } from './build-targets.ts';
import { canPin, pin, startLoadGenerator } from './processes.ts';
import { renderStoresReport } from './report-stores.ts';
import { runStores } from './run-stores.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '2' }, duration: { type: 'string', default: '3' } },
});
const pinned = canPin();
if (pinned) pin(process.pid, 1);
await buildBundles();
const generator = await startLoadGenerator(pinned ? 1 : undefined);
try {
  const stores = await runStores(generator, {
    rounds: Number(values.rounds),
    warmupMs: 1_000,
    durationMs: Number(values.duration) * 1_000,
    largeTasks: 2_000,
    serverCore: pinned ? 0 : undefined,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(`${renderStoresReport(stores).join('\n')}\n`);
} finally {
  await generator.stop();
}
