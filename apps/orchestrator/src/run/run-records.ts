import { type ChainRecords, createInMemoryChainRecords } from '../chains/chain-records.ts';
import {
  createInMemoryIdempotencyRecords,
  type IdempotencyRecords,
} from '../idempotency/idempotency-records.ts';
import { isFinishedStatus, type RunEvent, type RunView } from './run-types.ts';

/** A run as kept: its view and its timeline of events, oldest first (`seq` 1, 2, 3, …). */
export interface StoredRun {
  readonly view: RunView;
  readonly events: readonly RunEvent[];
}

/** What one run adds in a commit: its next events, and its view as it is after the last of them. */
export interface RunBatch {
  readonly runId: string;
  /** Numbered on from the last event kept (the first is `seq` = kept + 1), in order, none missing. */
  readonly events: readonly RunEvent[];
  /** The view after these events; absent when they changed nothing a reader notices (document chunks). */
  readonly view?: KeptView | undefined;
}

/** A run's view as kept: its JSON, and its status beside it (so unfinished runs are found without reading views). */
export interface KeptView {
  readonly json: string;
  readonly status: RunView['status'];
}

/**
 * Where runs are kept so they outlive the orchestrator process. Writes come in commits: the batches of many runs
 * in one transaction (group commit), so a thousand runs in flight cost one round trip per commit, not one per
 * event. Each run's events are numbered, and a number can be kept once: a batch whose numbers are taken (another
 * process wrote the run meanwhile) is refused whole, which is how a writer that lost a run finds out.
 */
export interface RunRecords {
  /**
   * Keeps every batch, all or nothing, except the batches whose first event number is already taken: those are
   * left out, and their run ids returned. Rejects when the store cannot be reached (nothing is kept then).
   */
  commit(batches: readonly RunBatch[]): Promise<ReadonlySet<string>>;
  /** The run with its events, or `undefined`. */
  load(runId: string): Promise<StoredRun | undefined>;
  /** The run's events after `seq`, oldest first (a reader resuming with `Last-Event-ID`). */
  eventsAfter(runId: string, seq: number): Promise<readonly RunEvent[]>;
  /** The views of the runs that have not finished (to resume them at start), oldest first. */
  unfinished(): Promise<readonly RunView[]>;
  /** The newest runs' views, newest first. */
  recent(limit: number): Promise<readonly RunView[]>;
  /**
   * Deletes up to `limit` runs that finished before `before` (epoch ms), with their events; resolves with how
   * many (retention, `BATON_RETENTION`). Records that are bounded in memory leave it out.
   */
  pruneFinished?(before: number, limit: number): Promise<number>;
  /** The chain definitions registered over the API, every version, in the same store; default in memory. */
  readonly chains?: ChainRecords;
  /** The `Idempotency-Key`s of the writes and their first answers, in the same store; default in memory. */
  readonly idempotency?: IdempotencyRecords;
}

/** Options of {@link createInMemoryRunRecords}. */
export interface InMemoryRunRecordsOptions {
  /**
   * How many finished runs are kept (those that finished first go first); default 1,000. Runs that have not
   * finished are never dropped. Each kept run holds its whole timeline, document chunks included.
   */
  readonly maxFinishedRuns?: number;
}

/** The default of `InMemoryRunRecordsOptions.maxFinishedRuns`. */
export const DEFAULT_MAX_FINISHED_RUNS = 1_000;

interface MemoryEntry {
  view: string;
  finished: boolean;
  readonly events: RunEvent[];
}

/**
 * {@link RunRecords} in process memory: what the orchestrator uses without a durable store. Bounded: past
 * `maxFinishedRuns` finished runs, those that finished first are dropped.
 */
export function createInMemoryRunRecords(options: InMemoryRunRecordsOptions = {}): RunRecords {
  const maxFinished = options.maxFinishedRuns ?? DEFAULT_MAX_FINISHED_RUNS;
  // Insertion order is start order: the first entries are the oldest runs.
  const runs = new Map<string, MemoryEntry>();
  // Finished runs in the order they finished (a refinement that runs a run again takes it out until it ends).
  const finishedOrder = new Set<string>();
  const copy = <T>(value: T): T => structuredClone(value);
  const viewOf = (entry: MemoryEntry) => JSON.parse(entry.view) as RunView;
  const setView = (runId: string, entry: MemoryEntry, view: KeptView) => {
    const now = isFinishedStatus(view.status);
    if (now && !entry.finished) finishedOrder.add(runId);
    if (!now) finishedOrder.delete(runId);
    entry.view = view.json;
    entry.finished = now;
  };
  const dropFirstFinished = () => {
    for (const runId of finishedOrder) {
      if (finishedOrder.size <= maxFinished) return;
      finishedOrder.delete(runId);
      runs.delete(runId);
    }
  };
  return {
    chains: createInMemoryChainRecords(),
    idempotency: createInMemoryIdempotencyRecords(),
    async commit(batches) {
      const refused = new Set<string>();
      for (const batch of batches) {
        const kept = runs.get(batch.runId)?.events.length ?? 0;
        if ((batch.events[0]?.seq ?? kept + 1) !== kept + 1) refused.add(batch.runId);
      }
      for (const batch of batches) {
        if (refused.has(batch.runId)) continue;
        let entry = runs.get(batch.runId);
        if (entry === undefined) {
          if (batch.view === undefined) continue;
          entry = { view: '', finished: false, events: [] };
          runs.set(batch.runId, entry);
        }
        entry.events.push(...batch.events.map(copy));
        if (batch.view !== undefined) setView(batch.runId, entry, batch.view);
      }
      dropFirstFinished();
      return refused;
    },
    async load(runId) {
      const entry = runs.get(runId);
      return entry && { view: viewOf(entry), events: entry.events.map(copy) };
    },
    async eventsAfter(runId, seq) {
      return (runs.get(runId)?.events ?? []).filter((event) => event.seq > seq).map(copy);
    },
    async unfinished() {
      return [...runs.values()].filter((entry) => !entry.finished).map(viewOf);
    },
    async recent(limit) {
      // The newest are at the end: walk the keys from there (no copy of every view).
      const ids = [...runs.keys()];
      const views: RunView[] = [];
      for (let index = ids.length - 1; index >= 0 && views.length < limit; index -= 1) {
        const entry = runs.get(ids[index] as string);
        if (entry) views.push(viewOf(entry));
      }
      return views;
    },
  };
}
