/**
 * `pnpm --filter @baton/bench quick-cold-start [--rounds 5]`: W13 alone (cold starts on Node and workerd), for a quick
 * look while working on start-up; `pnpm bench` runs it with the rest and writes the report.
 */
import { parseArgs } from 'node:util';
import { buildColdStartBundles } from './build-targets.ts';
import { canPin, pin } from './processes.ts';
import { renderColdStartReport, runColdStart } from './run-cold-start.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1) {
  process.stderr.write(
    `--rounds must be a whole number of 1 or more, not ${JSON.stringify(values.rounds)}\n`,
  );
  process.exit(2);
}
const pinned = canPin();
if (pinned) pin(process.pid, 1);
await buildColdStartBundles();
const results = await runColdStart({ rounds, serverCore: pinned ? 0 : undefined, log: () => undefined });
process.stdout.write(`${renderColdStartReport(results, rounds).join('\n')}\n`);
for (const problem of results.problems) process.stderr.write(`${problem}\n`);
process.exitCode = results.problems.length === 0 ? 0 : 1;
