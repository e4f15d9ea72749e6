import { readInstanceId } from './instance-id.ts';
import { type OpenedStores, openStores } from './open-stores.ts';
import { readStoresConfig } from './read-stores-config.ts';

/** Reads `BATON_LEASE_TTL_MS`: `undefined` when unset, else a whole number of milliseconds, at least 100. */
export function readLeaseTtl(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const ttl = Number(value);
  if (!Number.isInteger(ttl) || ttl < 100) {
    throw new Error(
      `BATON_LEASE_TTL_MS must be a whole number of milliseconds, at least 100, got "${value}"`,
    );
  }
  return ttl;
}

/**
 * The PostgreSQL schema an app keeps its tables in: `BATON_STORE_SCHEMA`, else one named after the app
 * (`baton_outline_agent`), so the apps of a chain can share one database without sharing a task table.
 */
export function readStoreSchema(value: string | undefined, app: string | undefined): string | undefined {
  const schema =
    value?.trim() || (app === undefined ? undefined : `baton_${app.replace(/[^a-z0-9]+/gi, '_')}`);
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/i.test(schema)) {
    throw new Error(
      `BATON_STORE_SCHEMA must be a PostgreSQL name (letters, digits and _, not starting with a digit), got "${schema}"`,
    );
  }
  return schema;
}

/**
 * What every app does at start: reads `BATON_STORE`, `BATON_EVENT_BUS`, `BATON_LEASE_TTL_MS`,
 * `BATON_INSTANCE_ID` (default `<host name>:<port>` when `port` is fixed; see {@link readInstanceId}) and, on
 * PostgreSQL, `BATON_STORE_SCHEMA` (default one schema per app, named after `app`; the store defaulting to
 * `defaultStore`) and opens what they name. Rejects with a one-line reason for a bad value or a database that
 * cannot be opened or reached.
 */
export function openStoresFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  defaultStore: string,
  app?: string,
  where: { readonly port?: number } = {},
): Promise<OpenedStores> {
  const config = readStoresConfig(env, defaultStore);
  const instanceId = readInstanceId(env.BATON_INSTANCE_ID, where.port);
  return openStores(config, {
    ...(instanceId === undefined ? {} : { instanceId }),
    leaseTtlMs: readLeaseTtl(env.BATON_LEASE_TTL_MS),
    ...(config.store.kind === 'postgres' ? { schema: readStoreSchema(env.BATON_STORE_SCHEMA, app) } : {}),
  });
}
