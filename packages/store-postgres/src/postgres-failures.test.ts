import { startTcpProxy } from '@baton/cluster-testing';
import { isA2AError } from '@baton/protocol';
import { realService } from '@baton/server/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresStores, type PostgresStores } from './create-postgres-stores.ts';
import { POSTGRES_MIGRATIONS } from './postgres-migrations.ts';

const postgres = await realService('PostgreSQL');
const schemas: string[] = [];
const opened: PostgresStores[] = [];

function freshSchema(): string {
  const schema = `baton_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  schemas.push(schema);
  return schema;
}

async function open(options: { url?: string; schema: string }): Promise<PostgresStores> {
  const stores = await createPostgresStores({
    url: options.url ?? postgres.url,
    schema: options.schema,
    connectTimeoutMs: 1_000,
  });
  opened.push(stores);
  return stores;
}

describe.skipIf(!postgres.available)('postgres stores under real failures', () => {
  afterAll(async () => {
    for (const stores of opened) await stores.close().catch(() => undefined);
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  });

  it('keeps what one instance wrote for another that connects later', async () => {
    const schema = freshSchema();
    const first = await open({ schema });
    await first.tasks.create(
      { id: 't1', contextId: 'c', status: { state: 'TASK_STATE_WORKING' } },
      { tenant: 't' },
    );
    await first.tasks.addMessage('t1', { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'hi' }] });
    const second = await open({ schema });
    expect((await second.tasks.get('t1'))?.task.history?.[0]?.messageId).toBe('m');
  });

  it('migrates once when several instances start together', async () => {
    const schema = freshSchema();
    await Promise.all([open({ schema }), open({ schema }), open({ schema }), open({ schema })]);
    const check = await open({ schema });
    const rows = await check.pool.query(
      'SELECT component, version FROM baton_schema_migrations ORDER BY version',
    );
    expect(rows.rows).toEqual(POSTGRES_MIGRATIONS.map((m) => ({ component: 'baton', version: m.version })));
  });

  it('says in one line that the database cannot be reached at start', async () => {
    const error = await createPostgresStores({
      url: 'postgres://baton:hunter2@127.0.0.1:1/none',
      connectTimeoutMs: 1_000,
    }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /^Cannot reach PostgreSQL at postgres:\/\/baton:\*\*\*@127\.0\.0\.1:1\/none: .*ECONNREFUSED/,
    );
    expect((error as Error).message).not.toContain('hunter2');
    expect((error as Error).message).not.toContain('\n');
  });

  it('answers calls during an outage with the retryable STORE_UNAVAILABLE error, and works again after', async () => {
    const target = new URL(postgres.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) || 5432 });
    const viaProxy = new URL(postgres.url);
    viaProxy.port = String(proxy.port);
    const stores = await open({ url: viaProxy.toString(), schema: freshSchema() });
    await stores.tasks.create({ id: 't1', contextId: 'c', status: { state: 'TASK_STATE_WORKING' } }, {});

    await proxy.cut();
    const failures = await Promise.all([
      stores.tasks.get('t1').catch((e: unknown) => e),
      stores.tasks.setStatus('t1', { state: 'TASK_STATE_COMPLETED' }).catch((e: unknown) => e),
      stores.pushConfigs.all('t1').catch((e: unknown) => e),
    ]);
    for (const failure of failures) {
      expect(isA2AError(failure, 'InternalError')).toBe(true);
      expect((failure as { reason?: string }).reason).toBe('STORE_UNAVAILABLE');
      expect((failure as Error).message).toMatch(
        /^The task store is unavailable \(PostgreSQL: .+\); retry later$/,
      );
    }

    await proxy.restore();
    await stores.tasks.setStatus('t1', { state: 'TASK_STATE_COMPLETED' });
    expect((await stores.tasks.get('t1'))?.task.status.state).toBe('TASK_STATE_COMPLETED');
    await stores.close();
    await proxy.close();
  });

  it('skips a corrupt row in a listing, reporting its task id', async () => {
    const reported: unknown[] = [];
    const stores = await createPostgresStores({
      url: postgres.url,
      schema: freshSchema(),
      logger: { error: (_message, details) => reported.push(details?.taskId), warn: () => undefined },
    });
    opened.push(stores);
    for (const id of ['good', 'bad']) {
      await stores.tasks.create({ id, contextId: 'c', status: { state: 'TASK_STATE_WORKING' } }, {});
    }
    await stores.pool.query(`UPDATE baton_tasks SET status = '[1, 2]' WHERE id = 'bad'`);
    const page = await stores.tasks.list({ scope: {}, pageSize: 10 });
    expect(page.tasks.map((task) => task.id)).toEqual(['good']);
    expect(reported).toEqual(['bad']);
    await expect(stores.tasks.get('bad')).rejects.toThrow(/Task bad is stored in a form that cannot be read/);
  });
});
