import type { Logger, PushConfigRecords, TaskStore } from '@baton/server';
import type { PostgresStores } from '@baton/store-postgres';
import type { SqliteStores } from '@baton/store-sqlite';
import type { StoresConfig } from './read-stores-config.ts';

/** The stores an app opened from its {@link StoresConfig}. */
export interface OpenedStores {
  readonly config: StoresConfig;
  /** The task store; `undefined` for `memory` (the server's bounded in-memory default). */
  readonly tasks?: TaskStore;
  /** Where push configs are kept; `undefined` for `memory`. */
  readonly pushConfigs?: PushConfigRecords;
  /** The SQLite stores, when the store is SQLite (for the app's own tables). */
  readonly sqlite?: SqliteStores;
  /** The PostgreSQL stores, when the store is PostgreSQL (for the app's own tables). */
  readonly postgres?: PostgresStores;
  /** Closes whatever was opened. */
  close(): Promise<void>;
}

/**
 * Opens the store a config names: nothing for `memory`, the SQLite file (created, migrated) or the
 * PostgreSQL database (reached, migrated). The drivers are loaded only when used. Rejects with a one-line
 * reason when the database cannot be opened or reached.
 */
export async function openStores(
  config: StoresConfig,
  options: { readonly logger?: Logger } = {},
): Promise<OpenedStores> {
  const { store } = config;
  const logger = options.logger ? { logger: options.logger } : {};
  if (store.kind === 'sqlite') {
    const { createSqliteStores } = await import('@baton/store-sqlite');
    let sqlite: SqliteStores;
    try {
      sqlite = createSqliteStores({ path: store.path, ...logger });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Cannot open the SQLite store at ${store.path}: ${reason}`, { cause: error });
    }
    return {
      config,
      tasks: sqlite.tasks,
      pushConfigs: sqlite.pushConfigs,
      sqlite,
      close: () => sqlite.close(),
    };
  }
  if (store.kind === 'postgres') {
    const { createPostgresStores } = await import('@baton/store-postgres');
    const postgres = await createPostgresStores({ url: store.url, ...logger });
    return {
      config,
      tasks: postgres.tasks,
      pushConfigs: postgres.pushConfigs,
      postgres,
      close: () => postgres.close(),
    };
  }
  return { config, close: async () => undefined };
}
