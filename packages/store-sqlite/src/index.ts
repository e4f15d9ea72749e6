/**
 * @baton/store-sqlite: Baton's stores on an embedded SQLite file (the libsql driver: prebuilt binaries from
 * the package registry, no compiler needed). One process, or several on one machine sharing the file.
 *
 * @example
 * import { createSqliteStores } from '@baton/store-sqlite';
 * const stores = createSqliteStores({ path: 'data/agent.db' });
 */
export { applySqliteMigrations, type SqliteMigrationSet } from './apply-sqlite-migrations.ts';
export { createSqliteStores, type SqliteStores, type SqliteStoresOptions } from './create-sqlite-stores.ts';
export { openSqliteDatabase, type SqliteDatabase } from './open-sqlite-database.ts';
export { SQLITE_MIGRATIONS, type SqliteMigration } from './sqlite-migrations.ts';
export { createSqlitePushConfigRecords } from './sqlite-push-config-records.ts';
export { createSqlitePushOutbox, type OutboxHold } from './sqlite-push-outbox.ts';
export { createSqliteTaskLeaseStore } from './sqlite-task-lease-store.ts';
export { createSqliteTaskStore, type SqliteTaskStoreOptions } from './sqlite-task-store.ts';
export { createSqliteWriteBatch, type SqliteWriteBatch } from './sqlite-write-batch.ts';
