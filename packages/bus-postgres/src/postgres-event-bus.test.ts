import { describeTaskEventBusContract, realService } from '@baton/server/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresEventBus } from './create-postgres-event-bus.ts';
import { notifyChannelName } from './notify-channel-name.ts';

const postgres = await realService('PostgreSQL');
const schema = `baton_bus_test_${process.pid}`;

describe.skipIf(!postgres.available)('postgres event bus', () => {
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  });

  describeTaskEventBusContract('postgres', {
    createBuses: (count) =>
      Promise.all(Array.from({ length: count }, () => createPostgresEventBus({ url: postgres.url, schema }))),
  });

  it('keeps channel names within the 63-byte identifier limit, distinct for distinct channels', () => {
    const long = `task:${'x'.repeat(100)}`;
    expect(notifyChannelName('task:abc')).toBe('baton.task:abc');
    expect(Buffer.byteLength(notifyChannelName(long))).toBeLessThanOrEqual(63);
    expect(notifyChannelName(long)).not.toBe(notifyChannelName(`${long}y`));
  });

  it('says in one line that the database cannot be reached at start', async () => {
    const error = await createPostgresEventBus({ url: 'postgres://baton:hunter2@127.0.0.1:1/x' }).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toMatch(
      /^Cannot start the PostgreSQL event bus at postgres:\/\/baton:\*\*\*@127\.0\.0\.1:1\/x: .*ECONNREFUSED/,
    );
  });

  it('listens again after its connection is cut, and delivers what is published afterwards', async () => {
    const [a, b] = await Promise.all([
      createPostgresEventBus({
        url: postgres.url,
        schema,
        logger: { warn: () => undefined, error: () => undefined },
      }),
      createPostgresEventBus({ url: postgres.url, schema }),
    ]);
    const got: string[] = [];
    await a.subscribe('task:cut', (payload) => got.push(payload));
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    // Ends every session listening on the channel: the server side of a lost connection.
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE pid <> pg_backend_pid() AND query LIKE 'LISTEN "baton.task:cut"%'`,
    );
    await admin.end();
    const deadline = Date.now() + 10_000;
    while (got.length === 0 && Date.now() < deadline) {
      await b.publish('task:cut', 'after the cut');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(got[0]).toBe('after the cut');
    await Promise.all([a.close(), b.close()]);
  });
});
