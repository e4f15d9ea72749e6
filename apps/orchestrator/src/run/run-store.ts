import type { Run } from './create-run.ts';

/** The runs kept in memory: every unfinished one, and the last `maxFinished` finished ones. */
export interface RunStore {
  add(run: Run): void;
  get(runId: string): Run | undefined;
  /** Every run kept, oldest first. */
  list(): Run[];
}

/** Creates a {@link RunStore} that forgets the oldest finished runs beyond `maxFinished` (default 200). */
export function createRunStore(options: { readonly maxFinished?: number } = {}): RunStore {
  const maxFinished = options.maxFinished ?? 200;
  const runs = new Map<string, Run>();
  const finished: string[] = [];

  return {
    add(run) {
      runs.set(run.view.runId, run);
      void run.done.then(() => {
        finished.push(run.view.runId);
        while (finished.length > maxFinished) {
          const oldest = finished.shift();
          if (oldest !== undefined) runs.delete(oldest);
        }
      });
    },
    get: (runId) => runs.get(runId),
    list: () => [...runs.values()],
  };
}
