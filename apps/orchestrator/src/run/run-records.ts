import type { RunEvent, RunView } from './run-types.ts';

/** A run as kept: its view and its timeline of events, oldest first. */
export interface StoredRun {
  readonly view: RunView;
  readonly events: readonly RunEvent[];
}

/**
 * Where runs are kept so they outlive the orchestrator process. An event is one small write; the view is
 * saved again only when it changes in a way a reader would notice (not on every document chunk).
 */
export interface RunRecords {
  /** Saves the run's view, replacing the one saved before. */
  saveView(view: RunView): Promise<void>;
  /** Appends one event to the run's timeline. */
  appendEvent(event: RunEvent): Promise<void>;
  /** The run with its events, or `undefined`. */
  load(runId: string): Promise<StoredRun | undefined>;
  /** The views of the runs that have not finished (to resume them at start), oldest first. */
  unfinished(): Promise<readonly RunView[]>;
  /** The newest runs' views, newest first. */
  recent(limit: number): Promise<readonly RunView[]>;
}

/** {@link RunRecords} in process memory: what the orchestrator uses without a durable store. */
export function createInMemoryRunRecords(): RunRecords {
  const runs = new Map<string, { view: RunView; events: RunEvent[] }>();
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    async saveView(view) {
      const entry = runs.get(view.runId);
      if (entry) entry.view = copy(view);
      else runs.set(view.runId, { view: copy(view), events: [] });
    },
    async appendEvent(event) {
      const entry = runs.get(event.runId);
      if (entry) entry.events.push(copy(event));
    },
    async load(runId) {
      const entry = runs.get(runId);
      return entry && copy(entry);
    },
    async unfinished() {
      return [...runs.values()]
        .map((entry) => entry.view)
        .filter((view) => !isFinished(view))
        .map(copy);
    },
    async recent(limit) {
      return [...runs.values()]
        .map((entry) => copy(entry.view))
        .reverse()
        .slice(0, limit);
    },
  };
}

function isFinished(view: RunView): boolean {
  return view.status === 'completed' || view.status === 'failed' || view.status === 'canceled';
}
