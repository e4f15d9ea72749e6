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
 * What every app does at start: reads `BATON_STORE`, `BATON_EVENT_BUS` and `BATON_LEASE_TTL_MS` (the store
 * defaulting to `defaultStore`) and opens what they name. Rejects with a one-line reason for a bad value or a
 * database that cannot be opened or reached.
 */
export function openStoresFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  defaultStore: string,
): Promise<OpenedStores> {
  const config = readStoresConfig(env, defaultStore);
  return openStores(config, { leaseTtlMs: readLeaseTtl(env.BATON_LEASE_TTL_MS) });
}
