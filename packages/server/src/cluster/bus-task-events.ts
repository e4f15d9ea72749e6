import type { StreamResponse } from '@baton/protocol';
import { stampGeneration } from '../vocabulary/event-generation.ts';
import type { TaskEventHub, TaskEventListener } from '../vocabulary/event-hub.ts';
import type { Logger } from '../vocabulary/logger.ts';
import type { BusSubscription, TaskEventBus } from './task-event-bus.ts';

/** Task events on the bus: every event this instance writes goes out; streams here can follow any task. */
export interface BusTaskEvents {
  /** `hub`, publishing each task event on the bus as well (a direct Message, version 0, stays local). */
  readonly hub: TaskEventHub;
  /**
   * Follows a task's events from every instance, this one included; resolves, with the function that stops
   * listening, once events published from then on will arrive.
   */
  listen(taskId: string, listener: TaskEventListener): Promise<() => void>;
}

interface Following {
  readonly listeners: Set<TaskEventListener>;
  readonly subscribed: Promise<BusSubscription>;
}

const channelOf = (taskId: string) => `task:${taskId}`;

/** Wraps `hub` so its events also travel on `bus`, and follows tasks through one bus subscription each. */
export function createBusTaskEvents(hub: TaskEventHub, bus: TaskEventBus, logger: Logger): BusTaskEvents {
  const following = new Map<string, Following>();
  let failing = false;

  function deliver(taskId: string, payload: string): void {
    const entry = following.get(taskId);
    if (!entry) return;
    let message: { v: number; e: StreamResponse };
    try {
      message = JSON.parse(payload) as { v: number; e: StreamResponse };
    } catch {
      logger.warn('Ignored a task event on the bus that is not JSON', { taskId });
      return;
    }
    if (message.v > 0) stampGeneration(message.e, message.v);
    for (const listener of [...entry.listeners]) listener(message.e, message.v);
  }

  return {
    hub: {
      publish(taskId, event, version) {
        hub.publish(taskId, event, version);
        if (version === 0) return;
        bus.publish(channelOf(taskId), JSON.stringify({ v: version, e: event })).then(
          () => {
            failing = false;
          },
          (error: unknown) => {
            // The event is in the store; streams on other instances miss it until the bus is back.
            if (!failing) logger.warn('Could not publish a task event on the bus', { taskId, error });
            failing = true;
          },
        );
      },
      listen: (taskId, listener) => hub.listen(taskId, listener),
      listenerCount: (taskId) => hub.listenerCount(taskId),
    },

    async listen(taskId, listener) {
      let entry = following.get(taskId);
      if (!entry) {
        const listeners = new Set<TaskEventListener>();
        const subscribed = bus.subscribe(channelOf(taskId), (payload) => deliver(taskId, payload));
        entry = { listeners, subscribed };
        following.set(taskId, entry);
        subscribed.catch(() => {
          if (following.get(taskId) === entry) following.delete(taskId);
        });
      }
      const current = entry;
      const registered: TaskEventListener = (event, version) => listener(event, version);
      current.listeners.add(registered);
      try {
        await current.subscribed;
      } catch (error) {
        current.listeners.delete(registered);
        throw error;
      }
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        current.listeners.delete(registered);
        if (current.listeners.size > 0 || following.get(taskId) !== current) return;
        following.delete(taskId);
        void current.subscribed.then((subscription) => subscription.close()).catch(() => undefined);
      };
    },
  };
}
