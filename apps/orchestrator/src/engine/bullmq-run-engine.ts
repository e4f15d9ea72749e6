import { createId } from '@baton/protocol';
import type { Logger } from '@baton/server';
import { createPostgresBackend, type Job, Queue, WaitingError, Worker } from 'bullmq';
import type { RunDriver, RunEngine } from './run-engine.ts';

/** Options of {@link createBullmqRunEngine}. */
export interface BullmqRunEngineOptions {
  /** The PostgreSQL database the queue lives in (BullMQ's PostgreSQL backend), as a URL. */
  readonly postgresUrl: string;
  /** The schema of BullMQ's tables; default `baton_run_engine`. */
  readonly schema?: string;
  /** The queue's name; default `baton-chain-runs`. */
  readonly queue?: string;
  /** This instance's id; default a fresh one per process. */
  readonly instanceId?: string;
  /**
   * How long a round stays with an instance that stopped renewing its lease before another takes it over; default
   * 15,000 ms. The holder renews every half of it; another instance looks for lapsed leases as often.
   */
  readonly leaseMs?: number;
  /** Rounds driven at once by this instance (a run waiting for an answer holds one); default 1,000. */
  readonly concurrency?: number;
  readonly logger: Logger;
}

/** What a round's job carries. */
interface RoundData {
  readonly runId: string;
  readonly traceparent?: string;
}

/** The BullMQ job of a round: `<runId>.<round>` (BullMQ ids may not contain `:`). */
const jobIdOf = (runId: string, round: number) => `${runId}.${round}`;

/**
 * A {@link RunEngine} on BullMQ with its PostgreSQL backend, in the database the runs are kept in. Each round is
 * a job whose id names the run and the round, so handing it over twice makes one job; the instance whose worker
 * takes it holds BullMQ's lock on it, renewed while it drives the round; when the lock lapses (the instance died,
 * or cannot reach the database for longer than the lease), BullMQ's stalled-job check on another instance puts the
 * job back and another instance takes it, going on from the run's kept events. A round is never failed for
 * stalling, however often its holders die.
 */
export async function createBullmqRunEngine(options: BullmqRunEngineOptions): Promise<RunEngine> {
  const instanceId = options.instanceId ?? `orchestrator-${createId()}`;
  const name = options.queue ?? 'baton-chain-runs';
  const leaseMs = options.leaseMs ?? 15_000;
  const { logger } = options;
  // BullMQ creates (and upgrades) its tables in its own schema at connect.
  const connection = {
    connectionString: options.postgresUrl,
    schema: options.schema ?? 'baton_run_engine',
    migrate: true,
  };
  const queue = new Queue(name, { connection }, createPostgresBackend);
  queue.on('error', (error) => logger.warn('Run engine queue error', { error }));
  await queue.waitUntilReady();
  let worker: { cancelAllJobs(reason?: string): void; close(force?: boolean): Promise<void> } | undefined;
  let closing = false;

  return {
    instanceId,
    shared: true,

    async start(drive: RunDriver) {
      const current = new Worker(
        name,
        async (job: Job<RoundData>, token: string | undefined, signal?: AbortSignal) => {
          const { runId, traceparent } = job.data;
          const lease = signal ?? new AbortController().signal;
          // Fetched while this instance closes: straight back to the queue, for another instance.
          if (!closing) await drive(runId, lease, traceparent ? { traceparent } : {});
          if (!closing && !lease.aborted) return;
          // Released, not ended: the round goes back to the queue for the next instance (a lost lease is
          // another instance's job already, and putting it back fails harmlessly).
          await job.moveToWait(token).catch(() => undefined);
          throw new WaitingError();
        },
        {
          connection,
          name: instanceId,
          concurrency: options.concurrency ?? 1_000,
          lockDuration: leaseMs,
          stalledInterval: Math.max(1_000, Math.floor(leaseMs / 2)),
          // A round is put back however many times its holder dies: the run goes on from its events.
          maxStalledCount: 1_000_000,
          // A job whose wake-up notice was missed (a connection being re-made) is still found within a second.
          drainDelay: 1,
        },
        createPostgresBackend,
      );
      worker = current;
      // A lease that could not be renewed is another instance's now: this one lets the run go at once.
      current.on('lockRenewalFailed', (jobIds: string[]) => {
        for (const jobId of jobIds) current.cancelJob(jobId, 'The run engine lease was lost');
      });
      current.on('error', (error) => logger.warn('Run engine worker error', { error }));
      current.on('failed', (job: Job<RoundData> | undefined, error: Error) =>
        logger.warn('A run round ended with an error; the next reconcile hands it over again', {
          runId: job?.data.runId,
          error,
        }),
      );
      await current.waitUntilReady();
    },

    async submit(runId, round, handOff = {}) {
      await queue.add(
        'round',
        { runId, ...(handOff.traceparent ? { traceparent: handOff.traceparent } : {}) },
        { jobId: jobIdOf(runId, round), removeOnComplete: true, removeOnFail: true, attempts: 1 },
      );
    },

    async holder(runId, round) {
      const job = await queue.getJob(jobIdOf(runId, round));
      if (job === undefined) return undefined;
      return (await job.getState()) === 'active' ? job.processedBy : undefined;
    },

    async close() {
      closing = true;
      // The worker stops fetching first, then the rounds under way are released and go back to the queue.
      // BullMQ's graceful close can wait on a job it is finishing and the next it fetches; after a while it is
      // left to the process's exit (the rounds are back in the queue, or their lapsed locks put them back).
      const stopped = (async () => {
        const closed = worker?.close();
        worker?.cancelAllJobs('This orchestrator instance is closing');
        await closed;
        await queue.close();
      })();
      const late = await Promise.race([
        stopped.then(() => false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 5_000).unref?.()),
      ]);
      if (late) {
        logger.warn('The run engine did not close within 5 s; its connections are left to the process exit');
        void worker?.close(true).catch(() => undefined);
      }
    },
  };
}
