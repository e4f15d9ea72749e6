import { isA2AError } from '@baton/protocol';
import { type Logger, STORE_UNAVAILABLE } from '@baton/server';
import type { KeptView, RunBatch, RunRecords } from './run-records.ts';
import type { RunEvent, RunEventBody, RunView } from './run-types.ts';

/** The journal of one run: numbers its events, has them kept in order, and tells who waits when they are. */
export interface RunLog {
  readonly runId: string;
  /** The events kept so far, oldest first (what readers see: an event is shown once it is kept). */
  readonly events: readonly RunEvent[];
  /**
   * Numbers the event (the run's next `seq`), stamps it, and queues it for the next commit with `view` as it is
   * now (pass `undefined` when the event changes nothing a reader of the view notices, e.g. a document chunk).
   */
  write(body: RunEventBody, view: RunView | undefined): RunEvent;
  /**
   * Resolves once every event written so far is kept. Rejects with a {@link RunLostError} when another process
   * wrote the run meanwhile, and with a {@link RecordsUnavailableError} when `withinMs` passes first.
   */
  kept(withinMs?: number): Promise<void>;
  /** The view as last kept (what a reader may rely on), or `undefined` before the first commit. */
  keptView(): RunView | undefined;
  /** Calls `listener` with each event as it is kept, in order; returns the unsubscribe function. */
  onKept(listener: (event: RunEvent) => void): () => void;
  /** Whether another process wrote the run: nothing this log writes is kept any more. */
  readonly lost: boolean;
  /** Stops writing: what is written later is dropped (a run released to another instance writes nothing more). */
  close(): void;
}

/** The process's writer of run events: one commit at a time, holding whatever every run wrote since the last. */
export interface RunJournal {
  /** The log of a run; `kept` are the events already kept (a run held again), numbered 1, 2, 3, … */
  open(runId: string, kept?: readonly RunEvent[], keptView?: RunView): RunLog;
  /** Resolves once every event written so far is kept or refused (e.g. before the process exits). */
  settled(): Promise<void>;
  /** When the records stopped answering, while they do not; `undefined` while they do. */
  readonly unavailableSince: number | undefined;
}

/** Options of {@link createRunJournal}. */
export interface RunJournalOptions {
  readonly records: RunRecords;
  readonly logger?: Logger | undefined;
  /** First wait before a failed commit is tried again, doubling up to `maxRetryDelayMs`; default 100 ms. */
  readonly retryDelayMs?: number;
  /** Longest wait between two tries; default 2,000 ms. */
  readonly maxRetryDelayMs?: number;
  /** Told of each run's events once a commit kept them (e.g. to wake readers on this and other instances). */
  readonly onKept?: (runId: string, events: readonly RunEvent[]) => void;
}

/** Whether a commit failed because the records could not be reached (try again), not because they refused it. */
const isOutage = (error: unknown) => isA2AError(error) && error.reason === STORE_UNAVAILABLE;

/** Another process wrote this run's events: this one no longer holds the run. */
export class RunLostError extends Error {
  override readonly name = 'RunLostError';
  constructor(readonly runId: string) {
    super(`Run ${runId} is held by another orchestrator now`);
  }
}

/** The records could not be reached for longer than a caller would wait. */
export class RecordsUnavailableError extends Error {
  override readonly name = 'RecordsUnavailableError';
}

interface LogState {
  readonly runId: string;
  readonly kept: RunEvent[];
  readonly pending: RunEvent[];
  view: KeptView | undefined;
  /** The view of the last commit, as JSON, and parsed once asked for. */
  keptJson: string | undefined;
  keptParsed: RunView | undefined;
  nextSeq: number;
  lost: boolean;
  closed: boolean;
  readonly listeners: Set<(event: RunEvent) => void>;
  readonly waiters: {
    readonly seq: number;
    readonly resolve: () => void;
    readonly reject: (error: Error) => void;
  }[];
}

/**
 * Creates the {@link RunJournal} over `records`. Nothing written is dropped: a commit that fails (the database is
 * down) is tried again, with what was written meanwhile, until it is kept; the writers wait at their checkpoints
 * (`kept`) meanwhile. Events are kept in the order written, numbered without gaps.
 */
export function createRunJournal(options: RunJournalOptions): RunJournal {
  const { records } = options;
  const logger = options.logger ?? console;
  const firstDelay = options.retryDelayMs ?? 100;
  const maxDelay = options.maxRetryDelayMs ?? 2_000;
  const dirty = new Set<LogState>();
  const idle: (() => void)[] = [];
  let committing = false;
  let unavailableSince: number | undefined;

  const settle = (log: LogState) => {
    const last = log.kept.at(-1)?.seq ?? 0;
    for (let index = log.waiters.length - 1; index >= 0; index -= 1) {
      const waiter = log.waiters[index];
      if (waiter === undefined) continue;
      if (log.lost) waiter.reject(new RunLostError(log.runId));
      else if (waiter.seq <= last) waiter.resolve();
      else continue;
      log.waiters.splice(index, 1);
    }
  };

  /**
   * What the logs wrote since the last commit, and how much of it each batch takes. One batch per run: a second log
   * of the same run (a cancel written while its driver starts) waits for the next commit, where the numbers decide.
   */
  const gather = () => {
    const runs = new Set<string>();
    const taken: { log: LogState; count: number; view: KeptView | undefined; batch: RunBatch }[] = [];
    for (const log of dirty) {
      if (runs.has(log.runId)) continue;
      runs.add(log.runId);
      taken.push({
        log,
        count: log.pending.length,
        view: log.view,
        batch: { runId: log.runId, events: log.pending.slice(), view: log.view },
      });
    }
    return taken;
  };

  /** Stops a log whose run another process wrote, or whose writes the records refuse: nothing more is kept. */
  const drop = (log: LogState) => {
    log.lost = true;
    log.pending.length = 0;
    log.view = undefined;
    dirty.delete(log);
    settle(log);
  };

  /** Gives up on a log whose writes the records refuse for good (not an outage): said once, never retried. */
  const refuse = (log: LogState, error: unknown) => {
    logger.error('Run events refused by the run records; the run stops here', { runId: log.runId, error });
    drop(log);
  };

  async function commitLoop(): Promise<void> {
    let delay = firstDelay;
    while (dirty.size > 0) {
      const taken = gather();
      let refused: ReadonlySet<string>;
      try {
        refused = await records.commit(taken.map((entry) => entry.batch));
      } catch (error) {
        if (!isOutage(error)) {
          // Not an outage: one batch the records cannot take must not hold the others back. Each is tried alone;
          // the ones still refused stop their run.
          for (const entry of taken) {
            try {
              settleCommitted(entry, await records.commit([entry.batch]));
            } catch (single) {
              if (isOutage(single)) break;
              refuse(entry.log, single);
            }
          }
          continue;
        }
        if (unavailableSince === undefined) {
          unavailableSince = Date.now();
          logger.error('Run records unreachable; run events are held and written once they are back', {
            runs: taken.length,
            error,
          });
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, maxDelay);
        continue;
      }
      if (unavailableSince !== undefined) {
        logger.info?.('Run records reachable again; held run events written', {
          afterMs: Date.now() - unavailableSince,
        });
        unavailableSince = undefined;
      }
      delay = firstDelay;
      for (const entry of taken) settleCommitted(entry, refused);
    }
  }

  /** Moves what a commit kept out of a log's pending writes, tells its listeners, and wakes its waiters. */
  function settleCommitted(
    entry: { log: LogState; count: number; view: KeptView | undefined },
    refused: ReadonlySet<string>,
  ) {
    const { log, count, view } = entry;
    if (refused.has(log.runId)) {
      drop(log);
      return;
    }
    const events = log.pending.splice(0, count);
    if (view !== undefined) {
      log.keptJson = view.json;
      log.keptParsed = undefined;
    }
    if (log.view === view) log.view = undefined;
    if (log.pending.length === 0 && log.view === undefined) dirty.delete(log);
    for (const event of events) {
      log.kept.push(event);
      for (const listener of log.listeners) listener(event);
    }
    if (events.length > 0) options.onKept?.(log.runId, events);
    settle(log);
  }

  const schedule = () => {
    if (committing) return;
    committing = true;
    // The next turn: whatever the runs write in this one goes in the same commit.
    setImmediate(() => {
      void commitLoop().finally(() => {
        committing = false;
        if (dirty.size > 0) schedule();
        else for (const resolve of idle.splice(0)) resolve();
      });
    });
  };

  return {
    get unavailableSince() {
      return unavailableSince;
    },
    settled: () =>
      dirty.size === 0 && !committing ? Promise.resolve() : new Promise((resolve) => idle.push(resolve)),
    open(runId, kept = [], keptView = undefined) {
      const state: LogState = {
        runId,
        kept: [...kept],
        pending: [],
        view: undefined,
        keptJson: undefined,
        keptParsed: keptView,
        nextSeq: (kept.at(-1)?.seq ?? 0) + 1,
        lost: false,
        closed: false,
        listeners: new Set(),
        waiters: [],
      };
      return {
        runId,
        get events() {
          return state.kept;
        },
        get lost() {
          return state.lost;
        },
        write(body, view) {
          const event = { runId, seq: state.nextSeq, at: new Date().toISOString(), ...body } as RunEvent;
          state.nextSeq += 1;
          if (state.lost || state.closed) return event;
          state.pending.push(event);
          if (view !== undefined) state.view = { json: JSON.stringify(view), status: view.status };
          dirty.add(state);
          schedule();
          return event;
        },
        kept(withinMs) {
          if (state.lost) return Promise.reject(new RunLostError(runId));
          const seq = state.nextSeq - 1;
          if ((state.kept.at(-1)?.seq ?? 0) >= seq) return Promise.resolve();
          return new Promise<void>((resolve, reject) => {
            let timer: ReturnType<typeof setTimeout> | undefined;
            const waiter = {
              seq,
              resolve: () => {
                clearTimeout(timer);
                resolve();
              },
              reject: (error: Error) => {
                clearTimeout(timer);
                reject(error);
              },
            };
            state.waiters.push(waiter);
            if (withinMs === undefined) return;
            timer = setTimeout(() => {
              const at = state.waiters.indexOf(waiter);
              if (at >= 0) state.waiters.splice(at, 1);
              reject(
                new RecordsUnavailableError(
                  `The run records could not be reached for ${Math.round(withinMs / 1000)} s`,
                ),
              );
            }, withinMs);
          });
        },
        close() {
          state.closed = true;
        },
        keptView() {
          if (state.keptParsed === undefined && state.keptJson !== undefined)
            state.keptParsed = JSON.parse(state.keptJson) as RunView;
          return state.keptParsed;
        },
        onKept(listener) {
          state.listeners.add(listener);
          return () => state.listeners.delete(listener);
        },
      };
    },
  };
}
