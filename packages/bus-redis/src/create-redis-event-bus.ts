import { createBusChannels, type Logger, redactUrlPassword, type TaskEventBus } from '@baton/server/store';
import { Redis } from 'ioredis';

/** Options of {@link createRedisEventBus}. */
export interface RedisEventBusOptions {
  /** A `redis://` (or `rediss://`) URL. */
  readonly url: string;
  /** Prefix of every channel name, so several agents can share one Redis; default `baton:`. */
  readonly prefix?: string;
  /** Where lost connections are reported. Default: the console. */
  readonly logger?: Logger;
}

/**
 * Creates a {@link TaskEventBus} on Redis pub/sub: one connection publishes (in order, failing fast while
 * Redis is down rather than queueing), one subscribes (and subscribes again by itself after a reconnect).
 * Rejects with a one-line reason when Redis cannot be reached at start.
 *
 * @example
 * const bus = await createRedisEventBus({ url: 'redis://127.0.0.1:6379' });
 */
export async function createRedisEventBus(options: RedisEventBusOptions): Promise<TaskEventBus> {
  const prefix = options.prefix ?? 'baton:';
  const logger = options.logger ?? console;
  const settings = { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5_000 } as const;
  const publisher = new Redis(options.url, { ...settings, enableOfflineQueue: false });
  const subscriber = new Redis(options.url, settings);
  let lastError = '';
  let started = false;
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error: Error) => {
      if (error.message === lastError) return;
      if (!started) {
        lastError = error.message;
        return;
      }
      lastError = error.message;
      logger.warn('The Redis event bus lost its connection; reconnecting', { error: error.message });
    });
    connection.on('ready', () => {
      lastError = '';
    });
  }
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    started = true;
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    // ioredis rejects with "Connection is closed"; the reason itself came through the error event.
    const reason = lastError || (error instanceof Error ? error.message : String(error));
    throw new Error(`Cannot reach Redis at ${redactUrlPassword(options.url)}: ${reason}`, { cause: error });
  }
  // ioredis subscribes again by itself after a reconnect.
  const channels = createBusChannels({
    open: async (name) => {
      await subscriber.subscribe(name);
    },
    close: async (name) => {
      await subscriber.unsubscribe(name);
    },
  });
  subscriber.on('message', (channel: string, payload: string) => channels.deliver(channel, payload));

  return {
    async publish(channel, payload) {
      await publisher.publish(prefix + channel, payload);
    },
    subscribe: (channel, onMessage) => channels.subscribe(prefix + channel, onMessage),
    async close() {
      channels.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
