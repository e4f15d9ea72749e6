/**
 * One task per user message id and scope on PostgreSQL, whichever instance creates it: two instances that get the
 * same message at once (a client's retry racing its first send, each instance's lookup finding nothing yet) cannot
 * both make a task of it. The second create is refused as retryable, and the message sent again gets the first task.
 */
import { isA2AError } from '@baton/protocol';
import { createRequestHandler } from '@baton/server';
import { MESSAGE_IN_FLIGHT } from '@baton/server/store';
import { realService } from '@baton/server/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresStores, type PostgresStores } from './create-postgres-stores.ts';

const postgres = await realService('PostgreSQL');
const schema = `baton_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const opened: PostgresStores[] = [];
const call = (user: string) =>
  ({
    version: '1.0',
    binding: 'JSONRPC',
    requestedExtensions: [],
    signal: new AbortController().signal,
    user: { id: user },
  }) as const;
const submitted = (id: string, messageId: string) => ({
  id,
  contextId: 'c1',
  status: { state: 'TASK_STATE_SUBMITTED' as const, timestamp: new Date().toISOString() },
  history: [{ messageId, role: 'ROLE_USER' as const, parts: [{ text: 'tea' }] }],
});

describe.skipIf(!postgres.available)('one task per user message id, on PostgreSQL', () => {
  afterAll(async () => {
    for (const stores of opened) await stores.close().catch(() => undefined);
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  });

  it('refuses a second task of one message in one scope as retryable, and not in another scope', async () => {
    const stores = await createPostgresStores({ url: postgres.url, schema });
    opened.push(stores);
    await stores.tasks.create(submitted('t1', 'm-1'), { ownerId: 'alice' });
    const refused = await stores.tasks
      .create(submitted('t2', 'm-1'), { ownerId: 'alice' })
      .catch((error: unknown) => error);
    expect(isA2AError(refused) && refused.reason).toBe(MESSAGE_IN_FLIGHT);
    expect(isA2AError(refused) && refused.metadata).toMatchObject({
      messageId: 'm-1',
      retryAfterSeconds: '1',
    });
    expect(await stores.tasks.get('t2')).toBeUndefined();
    await stores.tasks.create(submitted('t3', 'm-1'), { ownerId: 'bob' });
    // Concurrent creates of one message (one statement, or two racing): exactly one task.
    const raced = await Promise.allSettled(
      ['r1', 'r2', 'r3'].map((id) => stores.tasks.create(submitted(id, 'm-2'), { ownerId: 'alice' })),
    );
    expect(raced.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
  });

  it('answers the instance that lost the race with a retryable error, and the message sent again with the task', async () => {
    const stores = await createPostgresStores({ url: postgres.url, schema });
    opened.push(stores);
    let runs = 0;
    const executor = async (ctx: { complete(text: string): Promise<void> }) => {
      runs += 1;
      await ctx.complete('made once');
    };
    const message = { messageId: 'raced-1', role: 'ROLE_USER' as const, parts: [{ text: 'tea' }] };
    const first = createRequestHandler({ executor, store: stores.tasks });
    const made = await first.sendMessage({ message }, call('carol'));
    // The other instance did not find the message: its lookup ran before the first task was kept.
    let lookups = 0;
    const late = {
      ...stores.tasks,
      findUserMessage: async (...args: Parameters<NonNullable<typeof stores.tasks.findUserMessage>>) => {
        lookups += 1;
        return lookups === 1 ? undefined : stores.tasks.findUserMessage?.(...args);
      },
    };
    const racing = createRequestHandler({ executor, store: late });
    const lost = await racing.sendMessage({ message }, call('carol')).catch((error: unknown) => error);
    expect(isA2AError(lost) && lost.reason).toBe(MESSAGE_IN_FLIGHT);
    // Sent again to the instance that lost (it noted the message, but its task was never kept): the first task.
    const retried = await racing.sendMessage({ message }, call('carol'));
    expect('task' in retried && 'task' in made && retried.task.id === made.task.id).toBe(true);
    // And to any other instance.
    const again = await createRequestHandler({ executor, store: stores.tasks }).sendMessage(
      { message },
      call('carol'),
    );
    expect('task' in again && 'task' in made && again.task.id === made.task.id).toBe(true);
    // One task. The losing instance's executor ran until its first write (the task is created with it, so that a
    // direct reply makes none), which failed: nothing of it was kept, and the repeat did not run it again.
    const listed = await first.listTasks({}, call('carol'));
    expect(listed.tasks.map((task) => task.id)).toEqual(['task' in made ? made.task.id : '']);
    expect(runs).toBe(2);
  });
});
