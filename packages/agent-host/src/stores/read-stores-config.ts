import { redactUrlPassword } from '@baton/server/store';

/** Where an app keeps its tasks, push configs and runs. */
export type StoreConfig =
  | { readonly kind: 'memory' }
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgres'; readonly url: string };

/** How instances of one app tell each other about task events (none: a single instance). */
export type EventBusConfig =
  | { readonly kind: 'none' }
  | { readonly kind: 'redis'; readonly url: string }
  | { readonly kind: 'postgres'; readonly url: string };

/** The store and event bus an app runs on. */
export interface StoresConfig {
  readonly store: StoreConfig;
  readonly bus: EventBusConfig;
}

const STORE_FORMS = 'memory, sqlite:<path> or a postgres:// URL';

/** Parses a `BATON_STORE` value; throws a one-line reason for a bad one. */
export function parseStoreConfig(value: string): StoreConfig {
  const text = value.trim();
  if (text === 'memory') return { kind: 'memory' };
  if (text.startsWith('sqlite:')) {
    const path = text.slice('sqlite:'.length).trim();
    if (path === '') throw new Error('BATON_STORE=sqlite: needs a file path, e.g. sqlite:data/agent.db');
    return { kind: 'sqlite', path };
  }
  if (/^postgres(ql)?:\/\//.test(text)) {
    if (!URL.canParse(text)) throw new Error('BATON_STORE is not a valid postgres:// URL');
    return { kind: 'postgres', url: text };
  }
  throw new Error(`BATON_STORE must be ${STORE_FORMS}, got "${text}"`);
}

/** Reads `BATON_EVENT_BUS` against the store; default: the store's own (postgres) or none. */
export function parseEventBusConfig(value: string | undefined, store: StoreConfig): EventBusConfig {
  const text = value?.trim() ?? '';
  if (text === '') return store.kind === 'postgres' ? { kind: 'postgres', url: store.url } : { kind: 'none' };
  if (text === 'none') return { kind: 'none' };
  if (text === 'postgres') {
    if (store.kind !== 'postgres') {
      throw new Error('BATON_EVENT_BUS=postgres needs BATON_STORE to be a postgres:// URL');
    }
    return { kind: 'postgres', url: store.url };
  }
  if (/^rediss?:\/\//.test(text)) {
    if (!URL.canParse(text)) throw new Error('BATON_EVENT_BUS is not a valid redis:// URL');
    return { kind: 'redis', url: text };
  }
  throw new Error(`BATON_EVENT_BUS must be a redis:// URL, postgres or none, got "${text}"`);
}

/**
 * Reads the store and event bus from `BATON_STORE` (memory | sqlite:<path> | a postgres:// URL; default
 * `defaultStore`) and `BATON_EVENT_BUS` (a redis:// URL | postgres | none; default derived from the store).
 */
export function readStoresConfig(
  env: Readonly<Record<string, string | undefined>>,
  defaultStore: string,
): StoresConfig {
  const store = parseStoreConfig(env.BATON_STORE?.trim() || defaultStore);
  return { store, bus: parseEventBusConfig(env.BATON_EVENT_BUS, store) };
}

/** A config as one line for the start-up banner (`kept`: what the app keeps there), without passwords. */
export function describeStoresConfig(config: StoresConfig, kept = 'tasks'): string {
  const { store, bus } = config;
  const where =
    store.kind === 'memory'
      ? 'in memory (lost on restart)'
      : store.kind === 'sqlite'
        ? `in SQLite at ${store.path}`
        : `in PostgreSQL at ${redactUrlPassword(store.url)}`;
  const events =
    bus.kind === 'none'
      ? ''
      : `, events across instances over ${bus.kind === 'redis' ? `Redis at ${redactUrlPassword(bus.url)}` : 'PostgreSQL LISTEN/NOTIFY'}`;
  return `${kept} kept ${where}${events}`;
}
