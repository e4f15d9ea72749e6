import type { Run } from './create-run.ts';
import { createInMemoryRunRecords, type RunRecords, type StoredRun } from './run-records.ts';
import { isFinishedStatus, type RunView } from './run-types.ts';

/** The runs this process holds (every unfinished one, and the last finished ones), over the kept records. */
export interface RunStore {
  /** Holds a run (again, after a refinement started): it stays in memory until it is among the oldest finished. */
  add(run: Run): void;
  /** A run held in this process. */
  get(runId: string): Run | undefined;
  /** Every run held, oldest first. */
  list(): Run[];
  /** A run as kept, held or not (after a restart, or once it left memory). */
  load(runId: string): Promise<StoredRun | undefined>;
  /** The kept views of the runs that had not finished when the process stopped. */
  unfinished(): Promise<readonly RunView[]>;
  /** The newest runs, newest first, held or only kept (live views for the held ones). */
  recent(limit: number): Promise<readonly RunView[]>;
}

/** Options of {@link createRunStore}. */
export interface RunStoreOptions {
  /** Finished runs held in memory; default 200 (the records keep them all). */
  readonly maxFinished?: number;
  /** Where runs are kept; default in memory (lost with the process). */
  readonly records?: RunRecords;
}

/** Creates a {@link RunStore} over the records the runs' journal writes to. */
export function createRunStore(options: RunStoreOptions = {}): RunStore {
  const maxFinished = options.maxFinished ?? 200;
  const records = options.records ?? createInMemoryRunRecords();
  const runs = new Map<string, Run>();
  const finished: string[] = [];

  return {
    add(run) {
      const { runId } = run.view;
      runs.set(runId, run);
      // Once the run (or its refinement) ends, it is the newest finished; the oldest finished leave memory.
      void run.done.then(() => {
        const at = finished.indexOf(runId);
        if (at >= 0) finished.splice(at, 1);
        finished.push(runId);
        while (finished.length > maxFinished) {
          const oldest = finished.shift() as string;
          const held = runs.get(oldest);
          // A run refined meanwhile stays: it is added again when its refinement ends.
          if (held && isFinishedStatus(held.view.status)) runs.delete(oldest);
        }
      });
    },
    get: (runId) => runs.get(runId),
    list: () => [...runs.values()],
    async load(runId) {
      const run = runs.get(runId);
      if (run === undefined) return records.load(runId);
      // What is kept, not what is about to be: a reader never sees a state a crash could take back.
      const view = run.keptView();
      return view && { view, events: run.events };
    },
    unfinished: () => records.unfinished(),
    async recent(limit) {
      const kept = await records.recent(limit);
      return kept.map((view) => runs.get(view.runId)?.keptView() ?? view);
    },
  };
}
