import { realService } from '@baton/server/testing';
import { describeChaosReport, runChaos } from './run-chaos.ts';

/**
 * `pnpm chaos`: the full chaos suite (docs/deploy.md). `CHAOS_RUNS`, `CHAOS_CONCURRENCY` and `CHAOS_OUTAGE_MS`
 * change its size; it exits 1 when any count that must be 0 is not.
 */
const postgres = await realService('PostgreSQL');
const redis = await realService('Redis');
if (!postgres.available || !redis.available) {
  console.error('chaos: needs PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379)');
  process.exit(1);
}
const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`chaos: ${name} must be a whole number from 1, got ${process.env[name]}`);
    process.exit(1);
  }
  return value;
};
const report = await runChaos({
  postgresUrl: postgres.url,
  redisUrl: redis.url,
  runs: number('CHAOS_RUNS', 1_000),
  concurrency: number('CHAOS_CONCURRENCY', 30),
  outageMs: number('CHAOS_OUTAGE_MS', 10_000),
  stuckAfterMs: number('CHAOS_STUCK_AFTER_MS', 60_000),
  log: (line) => console.log(`chaos: ${line}`),
});
console.log(describeChaosReport(report));
const broken =
  report.lost +
  report.stuck +
  report.executedAgain +
  report.extraTasks +
  report.gaps +
  report.cancelNotCanceled;
process.exit(broken === 0 ? 0 : 1);
