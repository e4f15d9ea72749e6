/**
 * `pnpm --filter @baton/bench control-flow [--pairs N] [--runs N]`: only the control-flow part of W6 (overhead per
 * step inside a map, in memory and on PostgreSQL; the sections chain's parallelism), printed as the report's
 * section. `pnpm bench` runs it too.
 */
import { parseArgs } from 'node:util';
import { measureControlFlow, renderControlFlow } from './control-flow.ts';

const { values } = parseArgs({ options: { pairs: { type: 'string' }, runs: { type: 'string' } } });
const figures = await measureControlFlow({
  pairs: Number(values.pairs ?? 20),
  warmup: 3,
  sectionRuns: Number(values.runs ?? 3),
  log: (line) => process.stderr.write(`${line}\n`),
});
process.stdout.write(`${renderControlFlow(figures)}\n`);
