/**
 * @baton/bus-postgres: the event bus between the instances of one Baton agent, on PostgreSQL LISTEN/NOTIFY.
 *
 * @example
 * import { createPostgresEventBus } from '@baton/bus-postgres';
 * const bus = await createPostgresEventBus({ url: 'postgres://baton@db/agents' });
 */
export { createPostgresEventBus, type PostgresEventBusOptions } from './create-postgres-event-bus.ts';
export { notifyChannelName } from './notify-channel-name.ts';
