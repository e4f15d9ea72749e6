import type {
  ClusterOptions,
  Logger,
  PushConfigRecords,
  TaskEventBus,
  TaskLeaseStore,
  TaskStore,
} from '@baton/server';
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
  /** Task leases and the event bus, for `createA2AServer({ cluster })`; `undefined` for `memory`. */
  readonly cluster?: ClusterOptions;
  /** The SQLite stores, when the store is SQLite (for the app's own tables). */
  readonly sqlite?: SqliteStores;
  /** The PostgreSQL stores, when the store is PostgreSQL (for the app's own tables). */
  readonly postgres?: PostgresStores;
  /** Closes whatever was opened. */
  close(): Promise<void>;
}

/** Options of {@link openStores}. */
export interface OpenStoresOptions {
  readonly logger?: Logger;
  /** This process's name among the instances (`ClusterOptions.instanceId`); default a fresh one per process. */
  readonly instanceId?: string | undefined;
  /** How long a task lease lasts without renewal (see `ClusterOptions.leaseTtlMs`). */
  readonly leaseTtlMs?: number | undefined;
  /**
   * The PostgreSQL schema of this app's tables (and its bus's), so apps that share one database each keep their
   * own tasks, leases and push configs; default the connection's `search_path`.
   */
  readonly schema?: string | undefined;
}

type OpenedStore = Omit<OpenedStores, 'config' | 'cluster'> & { readonly leases?: TaskLeaseStore };

/**
 * Opens the store a config names: nothing for `memory`, the SQLite file (created, migrated) or the
 * PostgreSQL database (reached, migrated), with its task leases, and the event bus the config names. The
 * drivers are loaded only when used. Rejects with a one-line reason when a database cannot be opened or reached.
 */
export async function openStores(
  config: StoresConfig,
  options: OpenStoresOptions = {},
): Promise<OpenedStores> {
  const { leases, ...opened } = await openStore(config, options);
  if (!leases) return { ...opened, config };
  let bus: TaskEventBus | undefined;
  try {
    bus = await openBus(config, options.logger, options.schema);
  } catch (error) {
    await opened.close();
    throw error;
  }
  const cluster: ClusterOptions = {
    leases,
    ...(bus ? { bus } : {}),
    ...(options.instanceId === undefined ? {} : { instanceId: options.instanceId }),
    ...(options.leaseTtlMs === undefined ? {} : { leaseTtlMs: options.leaseTtlMs }),
  };
  return {
    ...opened,
    config,
    cluster,
    async close() {
      await bus?.close();
      await opened.close();
    },
  };
}

async function openStore(config: StoresConfig, options: OpenStoresOptions): Promise<OpenedStore> {
  const { store } = config;
  const { logger, schema, leaseTtlMs } = options;
  const log = logger ? { logger } : {};
  // A push delivery a dead instance owed is taken over within one lease time, as its tasks are.
  const hold = leaseTtlMs === undefined ? {} : { pushHoldMs: leaseTtlMs };
  if (store.kind === 'sqlite') {
    const { createSqliteStores } = await import('@baton/store-sqlite');
    let sqlite: SqliteStores;
    try {
      sqlite = createSqliteStores({ path: store.path, ...log, ...hold });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Cannot open the SQLite store at ${store.path}: ${reason}`, { cause: error });
    }
    const { tasks, pushConfigs, leases } = sqlite;
    return { tasks, pushConfigs, leases, sqlite, close: () => sqlite.close() };
  }
  if (store.kind === 'postgres') {
    const { createPostgresStores } = await import('@baton/store-postgres');
    const postgres = await createPostgresStores({
      url: store.url,
      ...log,
      ...hold,
      ...(schema === undefined ? {} : { schema }),
    });
    const { tasks, pushConfigs, leases } = postgres;
    return { tasks, pushConfigs, leases, postgres, close: () => postgres.close() };
  }
  return { close: async () => undefined };
}

/** Opens the event bus a config names; `undefined` for none. */
async function openBus(
  config: StoresConfig,
  logger: Logger | undefined,
  schema: string | undefined,
): Promise<TaskEventBus | undefined> {
  const { bus } = config;
  const log = logger ? { logger } : {};
  if (bus.kind === 'redis') {
    const { createRedisEventBus } = await import('@baton/bus-redis');
    return createRedisEventBus({ url: bus.url, ...log });
  }
  if (bus.kind === 'postgres') {
    const { createPostgresEventBus } = await import('@baton/bus-postgres');
    return createPostgresEventBus({ url: bus.url, ...log, ...(schema === undefined ? {} : { schema }) });
  }
  return undefined;
}
