/**
 * @baton/bus-redis: the event bus between the instances of one Baton agent, on Redis pub/sub.
 *
 * @example
 * import { createRedisEventBus } from '@baton/bus-redis';
 * const bus = await createRedisEventBus({ url: 'redis://127.0.0.1:6379' });
 */
export { createRedisEventBus, type RedisEventBusOptions } from './create-redis-event-bus.ts';
