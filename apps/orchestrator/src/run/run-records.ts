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
}

/** {@link RunRecords} in process memory: what the orchestrator uses without a durable store. */
export function createInMemoryRunRecords(): RunRecords {
  const runs = new Map<string, { view: string; events: RunEvent[] }>();
  const copy = <T>(value: T): T => structuredClone(value);
  const viewOf = (entry: { view: string }) => JSON.parse(entry.view) as RunView;
  return {
    async commit(batches) {
      const refused = new Set<string>();
      for (const batch of batches) {
        const kept = runs.get(batch.runId)?.events.length ?? 0;
        if ((batch.events[0]?.seq ?? kept + 1) !== kept + 1) refused.add(batch.runId);
      }
      for (const batch of batches) {
        if (refused.has(batch.runId)) continue;
        const entry = runs.get(batch.runId);
        if (entry === undefined) {
          if (batch.view === undefined) continue;
          runs.set(batch.runId, { view: batch.view.json, events: batch.events.map(copy) });
          continue;
        }
        entry.events.push(...batch.events.map(copy));
        if (batch.view !== undefined) entry.view = batch.view.json;
      }
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
      return [...runs.values()].map(viewOf).filter((view) => !isFinishedStatus(view.status));
    },
    async recent(limit) {
      return [...runs.values()].slice(-limit).reverse().map(viewOf);
    },
  };
}
