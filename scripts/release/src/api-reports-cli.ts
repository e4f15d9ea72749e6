/**
 * `pnpm api`: builds the public packages and rewrites their API reports (`api/*.api.md`) from the
 * declarations; commit what changed with the change that caused it. `pnpm api --check` only compares.
 */
import { parseArgs } from 'node:util';
import { checkApiReports } from './api-reports.ts';
import { buildPackages } from './pack-workspace.ts';

const { values } = parseArgs({ options: { check: { type: 'boolean' } } });
await buildPackages();
const reports = await checkApiReports({ update: !values.check });
let failed = false;
for (const report of reports) {
  const state = report.changed ? (values.check ? 'STALE' : 'updated') : 'same';
  console.log(`${state.padEnd(8)} ${report.specifier.padEnd(32)} ${report.file}`);
  for (const problem of report.problems) console.log(`         ${problem}`);
  if (report.problems.length > 0 || (values.check && report.changed)) failed = true;
}
if (failed) {
  console.error(values.check ? 'API reports are stale or have problems: run pnpm api.' : 'Problems above.');
  process.exitCode = 1;
}
