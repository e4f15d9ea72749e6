import type { Logger } from '../vocabulary/logger.ts';

/** Options of a graceful shutdown (`handler.close`, `server.shutdown`). */
export interface CloseOptions {
  /** The whole shutdown's budget in milliseconds: running tasks, then `beforeExit`. Default 10,000. */
  readonly deadlineMs?: number;
  /**
   * Runs once no task is running any more (finished, or canceled at the deadline), with the milliseconds left,
   * e.g. to flush push deliveries. It is waited for at most that long (errors are logged). When it is given,
   * running tasks are cut off `exitReserveMs` early so it always has that much time.
   */
  readonly beforeExit?: (remainingMs: number) => Promise<void>;
  /** Time kept for `beforeExit` when it is given; default min(1,000, deadlineMs / 2). */
  readonly exitReserveMs?: number;
}

/** The steps of a shutdown, in order. */
export interface CloseSteps {
  /** Lets running executions finish for up to `deadlineMs`, then cancels the rest. */
  readonly stopTasks: (deadlineMs: number) => Promise<void>;
  /** Ends the streams still open (subscribers of interrupted tasks) after their queued events. */
  readonly endStreams: () => void;
}

/** Runs a shutdown: tasks within the deadline (less the reserve), `beforeExit` in the rest, then ends streams. */
export async function closeWithin(options: CloseOptions, logger: Logger, steps: CloseSteps): Promise<void> {
  const deadlineMs = Math.max(0, options.deadlineMs ?? 10_000);
  const started = Date.now();
  const { beforeExit } = options;
  const reserve = beforeExit
    ? Math.min(options.exitReserveMs ?? Math.min(1_000, deadlineMs / 2), deadlineMs)
    : 0;
  await steps.stopTasks(deadlineMs - reserve);
  if (beforeExit) {
    const remainingMs = Math.max(0, deadlineMs - (Date.now() - started));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, remainingMs);
    });
    const run = Promise.resolve()
      .then(() => beforeExit(remainingMs))
      .catch((error: unknown) => logger.error('beforeExit failed during shutdown', { error }));
    await Promise.race([run, timeUp]);
    clearTimeout(timer);
  }
  steps.endStreams();
}
