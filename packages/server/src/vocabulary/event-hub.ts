import type { StreamResponse } from '@baton/protocol';
import { stampGeneration } from './event-generation.ts';

/**
 * Receives the events of one task, in publication order, each with the task version its write made (0 for a
 * direct Message, which writes nothing). Must not throw and must not mutate the event.
 */
export type TaskEventListener = (event: StreamResponse, version: number) => void;

/**
 * Live delivery of task events, kept apart from the store so a cross-instance bus can replace it without
 * touching persistence. Events are published after the store applied them, in order per task; the same event
 * object goes to every listener (no copies), so nobody may mutate it. The hub records the generation on each
 * event it delivers (`stampGeneration`), for the streams' SSE ids.
 */
export interface TaskEventHub {
  /** Delivers `event` (made by the write that gave the task `version`) to every listener of `taskId`, in order. */
  publish(taskId: string, event: StreamResponse, version: number): void;
  /** Registers a listener; the returned function removes it (calling it twice is harmless). */
  listen(taskId: string, listener: TaskEventListener): () => void;
  /** How many listeners are registered for `taskId`, or for all tasks when omitted. */
  listenerCount(taskId?: string): number;
}

/** Options of {@link createEventHub}. */
export interface EventHubOptions {
  /** Called when a listener throws; the other listeners still get the event. Default: `console.error`. */
  readonly onListenerError?: (error: unknown, taskId: string) => void;
}

/** Creates an in-process {@link TaskEventHub}: a set of listeners per task id, dropped when it empties. */
export function createEventHub(options: EventHubOptions = {}): TaskEventHub {
  const onListenerError =
    options.onListenerError ??
    ((error: unknown, taskId: string) => console.error(`A listener of task ${taskId} threw`, error));
  const listeners = new Map<string, Set<TaskEventListener>>();
  let total = 0;

  return {
    publish(taskId, event, version) {
      const set = listeners.get(taskId);
      if (!set) return;
      if (version > 0) stampGeneration(event, version);
      for (const listener of set) {
        try {
          listener(event, version);
        } catch (error) {
          onListenerError(error, taskId);
        }
      }
    },
    listen(taskId, listener) {
      let set = listeners.get(taskId);
      if (!set) {
        set = new Set();
        listeners.set(taskId, set);
      }
      // A wrapper, so the same function registered twice counts (and is removed) twice.
      const registered: TaskEventListener = (event, version) => listener(event, version);
      set.add(registered);
      total += 1;
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        const current = listeners.get(taskId);
        if (!current?.delete(registered)) return;
        total -= 1;
        if (current.size === 0) listeners.delete(taskId);
      };
    },
    listenerCount(taskId) {
      return taskId === undefined ? total : (listeners.get(taskId)?.size ?? 0);
    },
  };
}
