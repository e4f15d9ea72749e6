import type { BusSubscription, TaskEventBus } from './task-event-bus.ts';

/**
 * Creates a {@link TaskEventBus} in process memory, for several server instances inside one process (tests,
 * or a cluster simulated in one process). Messages are delivered on a later microtask, in publication order.
 */
export function createInMemoryEventBus(): TaskEventBus {
  const channels = new Map<string, Set<(payload: string) => void>>();
  return {
    async publish(channel, payload) {
      const handlers = channels.get(channel);
      if (!handlers) return;
      const targets = [...handlers];
      queueMicrotask(() => {
        for (const handler of targets) handler(payload);
      });
    },
    async subscribe(channel, onMessage): Promise<BusSubscription> {
      let handlers = channels.get(channel);
      if (!handlers) {
        handlers = new Set();
        channels.set(channel, handlers);
      }
      const handler = (payload: string) => onMessage(payload);
      handlers.add(handler);
      return {
        async close() {
          const current = channels.get(channel);
          current?.delete(handler);
          if (current?.size === 0) channels.delete(channel);
        },
      };
    },
    async close() {
      channels.clear();
    },
  };
}
