/**
 * @baton/store-postgres: Baton's stores on PostgreSQL (node-postgres), for several instances of one agent.
 *
 * @example
 * import { createPostgresStores } from '@baton/store-postgres';
 * const stores = await createPostgresStores({ url: process.env.DATABASE_URL ?? 'postgres://127.0.0.1/test' });
 */
export {
  applyPostgresMigrations,
  type PostgresMigrationSet,
  quoteIdentifier,
} from './apply-postgres-migrations.ts';
export {
  createPostgresStores,
  type PostgresStores,
  type PostgresStoresOptions,
  postgresConnectionSettings,
} from './create-postgres-stores.ts';
export { isUnreachable, whileReachable } from './postgres-errors.ts';
export { POSTGRES_MIGRATIONS, type PostgresMigration } from './postgres-migrations.ts';
export { createPostgresPushConfigRecords } from './postgres-push-config-records.ts';
export { createPostgresPushOutbox, type OutboxHold } from './postgres-push-outbox.ts';
export { createPostgresTaskLeaseStore } from './postgres-task-lease-store.ts';
export { createPostgresTaskStore, type PostgresTaskStoreOptions } from './postgres-task-store.ts';
