import { describe, expect, it } from 'vitest';
import { readStoreSchema } from './open-stores-from-env.ts';
import { describeStoresConfig, readStoresConfig } from './read-stores-config.ts';

const read = (env: Record<string, string>) => readStoresConfig(env, 'sqlite:/srv/data/agent.db');

describe('reading BATON_STORE and BATON_EVENT_BUS', () => {
  it('uses the app default when BATON_STORE is unset or blank', () => {
    expect(read({})).toEqual({
      store: { kind: 'sqlite', path: '/srv/data/agent.db' },
      bus: { kind: 'none' },
    });
    expect(read({ BATON_STORE: '  ' }).store).toEqual({ kind: 'sqlite', path: '/srv/data/agent.db' });
  });

  it('reads memory, a SQLite path and a PostgreSQL URL', () => {
    expect(read({ BATON_STORE: 'memory' })).toEqual({ store: { kind: 'memory' }, bus: { kind: 'none' } });
    expect(read({ BATON_STORE: 'sqlite:data/x.db' }).store).toEqual({ kind: 'sqlite', path: 'data/x.db' });
    const url = 'postgres://baton:pw@db:5432/agents';
    expect(read({ BATON_STORE: url })).toEqual({
      store: { kind: 'postgres', url },
      bus: { kind: 'postgres', url },
    });
    expect(read({ BATON_STORE: 'postgresql://db/agents' }).store.kind).toBe('postgres');
  });

  it('takes a Redis bus beside any store, and none or postgres when asked', () => {
    expect(read({ BATON_STORE: 'postgres://db/a', BATON_EVENT_BUS: 'redis://cache:6379' }).bus).toEqual({
      kind: 'redis',
      url: 'redis://cache:6379',
    });
    expect(read({ BATON_STORE: 'postgres://db/a', BATON_EVENT_BUS: 'none' }).bus).toEqual({ kind: 'none' });
    expect(read({ BATON_STORE: 'postgres://db/a', BATON_EVENT_BUS: 'postgres' }).bus.kind).toBe('postgres');
  });

  it.each([
    [
      { BATON_STORE: 'mysql://db' },
      'BATON_STORE must be memory, sqlite:<path> or a postgres:// URL, got "mysql://db"',
    ],
    [{ BATON_STORE: 'sqlite:' }, 'BATON_STORE=sqlite: needs a file path, e.g. sqlite:data/agent.db'],
    [{ BATON_STORE: 'postgres://[bad' }, 'BATON_STORE is not a valid postgres:// URL'],
    [{ BATON_EVENT_BUS: 'postgres' }, 'BATON_EVENT_BUS=postgres needs BATON_STORE to be a postgres:// URL'],
    [
      { BATON_EVENT_BUS: 'kafka://x' },
      'BATON_EVENT_BUS must be a redis:// URL, postgres or none, got "kafka://x"',
    ],
  ])('refuses %o in one line', (env, message) => {
    expect(() => read(env)).toThrow(message);
  });

  it('describes the choice without passwords', () => {
    const config = read({
      BATON_STORE: 'postgres://baton:secret@db/a',
      BATON_EVENT_BUS: 'redis://:pw@cache:6379',
    });
    const line = describeStoresConfig(config);
    expect(line).toBe(
      'tasks kept in PostgreSQL at postgres://baton:***@db/a, events across instances over Redis at redis://:***@cache:6379',
    );
    expect(describeStoresConfig(read({ BATON_STORE: 'memory' }))).toBe(
      'tasks kept in memory (lost on restart)',
    );
  });
});

describe('readStoreSchema', () => {
  it('gives each app its own PostgreSQL schema unless BATON_STORE_SCHEMA names one', () => {
    expect(readStoreSchema(undefined, 'outline-agent')).toBe('baton_outline_agent');
    expect(readStoreSchema('  ', 'doc-agent')).toBe('baton_doc_agent');
    expect(readStoreSchema('shared', 'doc-agent')).toBe('shared');
    expect(readStoreSchema(undefined, undefined)).toBeUndefined();
  });

  it('refuses a name PostgreSQL would not take unquoted, saying so', () => {
    expect(() => readStoreSchema('my schema; drop', 'x')).toThrow(
      /BATON_STORE_SCHEMA must be a PostgreSQL name/,
    );
    expect(() => readStoreSchema('1st', 'x')).toThrow(/BATON_STORE_SCHEMA/);
  });
});
