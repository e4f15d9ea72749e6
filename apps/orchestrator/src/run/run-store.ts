import type { Logger } from '@baton/server';
import type { Run } from './create-run.ts';
import { createInMemoryRunRecords, type RunRecords, type StoredRun } from './run-records.ts';
import { isFinishedStatus, type RunEvent, type RunView } from './run-types.ts';

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
  /** Keeps a run's events and views as they happen: pass it as the run's `onEvent`. */
  record(event: RunEvent, view: RunView): void;
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
  readonly logger?: Logger;
}

const isFinal = (event: RunEvent) =>
  event.type === 'run.completed' || event.type === 'run.failed' || event.type === 'run.canceled';

/**
 * Creates a {@link RunStore}. Each run's writes go to the records one after the other, in event order: the
 * event, and the view when the event changed something a reader would notice (not on document chunks).
 */
export function createRunStore(options: RunStoreOptions = {}): RunStore {
  const maxFinished = options.maxFinished ?? 200;
  const records = options.records ?? createInMemoryRunRecords();
  const logger = options.logger ?? console;
  const runs = new Map<string, Run>();
  const finished: string[] = [];
  const writing = new Map<string, Promise<void>>();

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
      if (run) return { view: run.view, events: run.events };
      await writing.get(runId);
      return records.load(runId);
    },
    record(event, view) {
      const { runId } = event;
      // As JSON, the form it is kept in, taken now: the view goes on changing.
      const snapshot =
        event.type === 'artifact.chunk' ? undefined : (JSON.parse(JSON.stringify(view)) as RunView);
      const write = (writing.get(runId) ?? Promise.resolve())
        .then(async () => {
          if (snapshot) await records.saveView(snapshot);
          await records.appendEvent(event);
        })
        .catch((error: unknown) =>
          logger.error('Could not keep a run event', { runId, type: event.type, error }),
        );
      writing.set(runId, write);
      if (isFinal(event)) {
        void write.then(() => {
          if (writing.get(runId) === write) writing.delete(runId);
        });
      }
    },
    unfinished: () => records.unfinished(),
    async recent(limit) {
      const kept = await records.recent(limit);
      return kept.map((view) => runs.get(view.runId)?.view ?? view);
    },
  };
}
