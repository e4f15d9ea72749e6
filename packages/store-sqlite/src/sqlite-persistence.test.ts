import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isA2AError } from '@baton/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteStores } from './create-sqlite-stores.ts';
import { openSqliteDatabase } from './open-sqlite-database.ts';
import { SQLITE_MIGRATIONS } from './sqlite-migrations.ts';

const folders: string[] = [];
function databasePath(): string {
  const folder = mkdtempSync(join(tmpdir(), 'baton-sqlite-'));
  folders.push(folder);
  return join(folder, 'nested', 'agent.db');
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('sqlite stores on a file', () => {
  it('keeps tasks and push configs across a close and a reopen, as after a restart', async () => {
    const path = databasePath();
    const first = createSqliteStores({ path });
    await first.tasks.create(
      { id: 't1', contextId: 'c1', status: { state: 'TASK_STATE_SUBMITTED' }, history: [] },
      { ownerId: 'alice' },
    );
    await first.tasks.setStatus('t1', {
      state: 'TASK_STATE_INPUT_REQUIRED',
      timestamp: '2026-01-01T00:00:00Z',
    });
    await first.tasks.appendArtifact(
      't1',
      { artifactId: 'a', parts: [{ text: 'half' }] },
      { append: false, lastChunk: false },
    );
    await first.pushConfigs.put(
      { config: { taskId: 't1', id: 'hook', url: 'https://example.com/h' }, version: '0.3' },
      10,
    );
    await first.close();

    const second = createSqliteStores({ path });
    expect(await second.tasks.get('t1')).toEqual({
      task: {
        id: 't1',
        contextId: 'c1',
        status: { state: 'TASK_STATE_INPUT_REQUIRED', timestamp: '2026-01-01T00:00:00Z' },
        artifacts: [{ artifactId: 'a', parts: [{ text: 'half' }] }],
      },
      scope: { ownerId: 'alice' },
      version: 3,
    });
    expect(await second.pushConfigs.all('t1')).toEqual([
      { config: { taskId: 't1', id: 'hook', url: 'https://example.com/h' }, version: '0.3' },
    ]);
    await second.close();
  });

  const task = (id: string) => ({ id, contextId: 'c', status: { state: 'TASK_STATE_COMPLETED' as const } });

  it('stands alone after a clean close: the log is folded in and emptied, and a copy of the .db file alone has it all', async () => {
    const path = databasePath();
    const stores = createSqliteStores({ path });
    for (let index = 0; index < 200; index += 1) await stores.tasks.create(task(`t${index}`), {});
    expect(statSync(`${path}-wal`).size).toBeGreaterThan(0);
    await stores.close();
    expect(existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0).toBe(0);
    const copy = `${path}.copy.db`;
    copyFileSync(path, copy);
    const reopened = createSqliteStores({ path: copy });
    expect((await reopened.tasks.list({ scope: {}, pageSize: 10 })).totalSize).toBe(200);
    await reopened.close();
  });

  it('folds the log into the file while it runs, so a copy of the .db file alone is never far behind', async () => {
    const path = databasePath();
    const stores = createSqliteStores({ path, checkpointIntervalMs: 50 });
    try {
      await stores.tasks.create(task('kept'), {});
      await expect
        .poll(
          () => {
            const copy = `${path}.copy-${Date.now()}.db`;
            copyFileSync(path, copy);
            const database = openSqliteDatabase(copy);
            try {
              return (database.prepare('SELECT COUNT(*) AS n FROM baton_tasks').get() as { n: number }).n;
            } finally {
              database.close();
            }
          },
          { timeout: 10_000, interval: 100 },
        )
        .toBe(1);
    } finally {
      await stores.close();
    }
  });

  it('applies each migration once and records it', async () => {
    const path = databasePath();
    openSqliteDatabase(path).close();
    const database = openSqliteDatabase(path);
    const rows = database
      .prepare("SELECT version, name FROM baton_schema_migrations WHERE component = 'baton' ORDER BY version")
      .all();
    expect(rows.map((row) => (row as { version: number }).version)).toEqual(
      SQLITE_MIGRATIONS.map((m) => m.version),
    );
    database.close();
  });

  it('refuses a database migrated by a newer Baton, saying so', () => {
    const path = databasePath();
    const database = openSqliteDatabase(path);
    database
      .prepare("INSERT INTO baton_schema_migrations VALUES ('baton', 999, 'from the future', 'now')")
      .run();
    database.close();
    expect(() => openSqliteDatabase(path)).toThrow(
      /The baton schema in the database is at version 999, newer than this code knows \(7\)/,
    );
  });

  it('skips a corrupt row in a listing, reporting its task id, and names it on a direct read', async () => {
    const reported: unknown[] = [];
    const stores = createSqliteStores({
      path: ':memory:',
      logger: { error: (_message, details) => reported.push(details?.taskId), warn: () => undefined },
    });
    for (const id of ['good', 'bad']) {
      await stores.tasks.create({ id, contextId: 'c', status: { state: 'TASK_STATE_WORKING' } }, {});
    }
    stores.database.prepare("UPDATE baton_tasks SET status = 'not json' WHERE id = 'bad'").run();
    const page = await stores.tasks.list({ scope: {}, pageSize: 10 });
    expect(page.tasks.map((task) => task.id)).toEqual(['good']);
    expect(reported).toEqual(['bad']);
    const error = await stores.tasks.get('bad').catch((e: unknown) => e);
    expect(isA2AError(error, 'InternalError')).toBe(true);
    expect((error as Error).message).toMatch(
      /Task bad is stored in a form that cannot be read: its status is not JSON/,
    );
    await stores.close();
  });

  it('reads a ListTasks page from an index, not a scan of every task', () => {
    const stores = createSqliteStores({ path: ':memory:' });
    const plan = (sql: string) =>
      stores.database
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all('s', 'x', 10)
        .map((row) => (row as { detail: string }).detail)
        .join('; ');
    expect(
      plan(
        'SELECT id FROM baton_tasks WHERE scope = ? AND state = ? ORDER BY status_time DESC, seq DESC LIMIT ?',
      ),
    ).toMatch(/USING INDEX baton_tasks_by_state/);
    expect(
      plan(
        'SELECT id FROM baton_tasks WHERE scope = ? AND context_id = ? ORDER BY status_time DESC, seq DESC LIMIT ?',
      ),
    ).toMatch(/USING INDEX baton_tasks_by_context/);
    expect(
      plan(
        'SELECT id FROM baton_tasks WHERE scope = ? AND id <> ? ORDER BY status_time DESC, seq DESC LIMIT ?',
      ),
    ).not.toMatch(/USE TEMP B-TREE/);
    void stores.close();
  });
});
