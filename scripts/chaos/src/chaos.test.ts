import { realService } from '@baton/server/testing';
import { describe, expect, it } from 'vitest';
import { describeChaosReport, runChaos } from './run-chaos.ts';

const postgres = await realService('PostgreSQL');
const redis = await realService('Redis');

describe.skipIf(!postgres.available || !redis.available)(
  'the chaos suite, small (pnpm chaos runs it whole)',
  () => {
    it('loses no accepted run, strands none, runs none twice, keeps every timeline whole and every cancel', async () => {
      const report = await runChaos({
        postgresUrl: postgres.url,
        redisUrl: redis.url,
        runs: 40,
        concurrency: 8,
        outageMs: 4_000,
        log: (line) => console.log(`chaos: ${line}`),
      });
      console.log(describeChaosReport(report));
      expect(report.accepted).toBe(40);
      expect({
        lost: report.lost,
        stuck: report.stuck,
        executedAgain: report.executedAgain,
        extraTasks: report.extraTasks,
        gaps: report.gaps,
        cancelNotCanceled: report.cancelNotCanceled,
        itemsTwice: report.itemsTwice,
        runsTwice: report.runsTwice,
      }).toEqual({
        lost: 0,
        stuck: 0,
        executedAgain: 0,
        extraTasks: 0,
        gaps: 0,
        cancelNotCanceled: 0,
        itemsTwice: 0,
        runsTwice: 0,
      });
      expect(report.cutStarts).toBeGreaterThan(0);
      expect(report.sectionRuns).toBeGreaterThan(0);
      expect(report.sectionsWritten).toBeGreaterThanOrEqual(report.sectionRuns);
      // The kill hit live work: the run engine's records show the killed orchestrator holding rounds. How many
      // runs then show `run.resumed` is reported, not asserted: some runs whose round the engine showed held by
      // the killed instance went on with no takeover in their timeline (seen in this suite, not yet explained;
      // the counts above held every time).
      expect(report.killedRounds).toBeGreaterThan(0);
    }, 240_000);
  },
);
