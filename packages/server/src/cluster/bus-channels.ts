import type { BusSubscription } from './task-event-bus.ts';

/** What a bus adapter does when a channel gets its first subscriber here, and when it loses its last. */
export interface BusChannelHooks {
  /** Starts receiving the channel from the backend (SUBSCRIBE, LISTEN); resolves once it is active. */
  open(name: string): Promise<void>;
  /** Stops receiving it. */
  close(name: string): Promise<void>;
}

/** The subscribers of each channel in one bus instance, so the backend is asked once per channel. */
export interface BusChannels {
  /** Adds a subscriber, opening the channel on the backend if it is the first; rolls back if that fails. */
  subscribe(name: string, onMessage: (payload: string) => void): Promise<BusSubscription>;
  /** Hands a message the backend delivered to the channel's subscribers. */
  deliver(name: string, payload: string): void;
  /** Whether the channel has subscribers here. */
  has(name: string): boolean;
  /** The channels with subscribers (to open again after a reconnect). */
  names(): string[];
  /** Forgets every subscriber. */
  clear(): void;
}

/** Creates the channel bookkeeping a bus adapter (Redis, PostgreSQL) builds on. */
export function createBusChannels(hooks: BusChannelHooks): BusChannels {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  return {
    async subscribe(name, onMessage) {
      const handler = (payload: string) => onMessage(payload);
      let set = handlers.get(name);
      if (set) {
        set.add(handler);
      } else {
        set = new Set([handler]);
        handlers.set(name, set);
        try {
          await hooks.open(name);
        } catch (error) {
          set.delete(handler);
          if (set.size === 0 && handlers.get(name) === set) handlers.delete(name);
          throw error;
        }
      }
      let open = true;
      return {
        async close() {
          if (!open) return;
          open = false;
          const current = handlers.get(name);
          current?.delete(handler);
          if (current?.size !== 0) return;
          handlers.delete(name);
          await hooks.close(name).catch(() => undefined);
        },
      };
    },
    deliver(name, payload) {
      const set = handlers.get(name);
      if (!set) return;
      for (const handler of [...set]) handler(payload);
    },
    has: (name) => handlers.has(name),
    names: () => [...handlers.keys()],
    clear: () => handlers.clear(),
  };
}
