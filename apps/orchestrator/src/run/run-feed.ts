import type { Logger, TaskEventBus } from '@baton/server';
import type { RunRecords } from './run-records.ts';
import type { RunEvent } from './run-types.ts';

/** A run's events as they are kept, on whichever instance drives it. */
export interface RunFeed {
  /**
   * Calls `listener` with each event of the run after `after` (its `seq`), in order, none missing and none twice:
   * first those already kept, then each as it is kept. Resolves once it follows; returns the stop function.
   */
  follow(runId: string, after: number, listener: (event: RunEvent) => void): Promise<() => void>;
  /** Tells the readers of this and (over the bus) other instances that a commit kept these events of the run. */
  kept(runId: string, events: readonly RunEvent[]): void;
  close(): Promise<void>;
}

/** What {@link createRunFeed} needs. */
export interface RunFeedOptions {
  readonly records: RunRecords;
  /** Carries "run X has events up to N" to the other instances; without it only this instance's runs are live. */
  readonly bus?: TaskEventBus | undefined;
  readonly logger: Logger;
}

const channelOf = (runId: string) => `orchestrator-run:${runId}`;

/**
 * Creates the {@link RunFeed}. Events committed here reach this instance's readers at once; other instances hear
 * "up to seq N" on the bus and read what they miss from the records, so a reader never depends on the bus for
 * what it gets, only for when.
 */
export function createRunFeed(options: RunFeedOptions): RunFeed {
  const { records, bus, logger } = options;
  const local = new Map<string, Set<(events: readonly RunEvent[]) => void>>();

  return {
    kept(runId, events) {
      for (const listener of local.get(runId) ?? []) listener(events);
      const last = events.at(-1)?.seq;
      if (bus && last !== undefined) {
        bus
          .publish(channelOf(runId), String(last))
          .catch((error: unknown) =>
            logger.warn('Could not tell other instances of a run event', { runId, error }),
          );
      }
    },

    async follow(runId, after, listener) {
      let last = after;
      let stopped = false;
      let reading: Promise<void> | undefined;
      let readAgain = false;

      const deliver = (events: readonly RunEvent[]) => {
        for (const event of events) {
          if (stopped || event.seq !== last + 1) continue;
          last = event.seq;
          listener(event);
        }
      };
      /** Reads what was kept after the last delivered event; one read at a time, again if asked meanwhile. */
      const catchUp = (): Promise<void> => {
        if (reading) {
          readAgain = true;
          return reading;
        }
        reading = (async () => {
          do {
            readAgain = false;
            try {
              deliver(await records.eventsAfter(runId, last));
            } catch (error) {
              logger.warn('Could not read a run’s events for a reader', { runId, error });
            }
          } while (readAgain && !stopped);
          reading = undefined;
        })();
        return reading;
      };

      const onLocal = (events: readonly RunEvent[]) => {
        const first = events[0]?.seq ?? 0;
        if (first === last + 1) deliver(events);
        else if ((events.at(-1)?.seq ?? 0) > last) void catchUp();
      };
      const listeners = local.get(runId) ?? new Set();
      local.set(runId, listeners);
      listeners.add(onLocal);
      const subscription = await bus
        ?.subscribe(channelOf(runId), (payload) => {
          if (Number(payload) > last) void catchUp();
        })
        .catch((error: unknown) => {
          logger.warn('Could not follow a run on the bus; its events arrive from this instance only', {
            runId,
            error,
          });
          return undefined;
        });
      await catchUp();
      return () => {
        stopped = true;
        listeners.delete(onLocal);
        if (listeners.size === 0) local.delete(runId);
        void subscription?.close();
      };
    },

    async close() {
      local.clear();
    },
  };
}
