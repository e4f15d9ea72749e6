import { createRequestHandler } from '@baton/server';
import { describe, expect, it } from 'vitest';
import { createSqliteStores } from './create-sqlite-stores.ts';

const call = {
  version: '1.0',
  binding: 'JSONRPC',
  requestedExtensions: [],
  signal: new AbortController().signal,
  user: { id: 'alice' },
} as const;

describe('a message sent again after a restart', () => {
  it('gets the task the first one made: the message id is found in the file, not in memory', async () => {
    const stores = createSqliteStores({ path: ':memory:' });
    try {
      let runs = 0;
      const executor = async (ctx: { complete(text: string): Promise<void> }) => {
        runs += 1;
        await ctx.complete('made once');
      };
      const message = {
        messageId: 'run-1:0:outline:1',
        role: 'ROLE_USER' as const,
        parts: [{ text: 'tea' }],
      };
      const before = createRequestHandler({ executor, store: stores.tasks });
      const first = await before.sendMessage({ message }, call);
      // A new handler on the same store (the process restarted) remembers nothing of its own.
      const after = createRequestHandler({ executor, store: stores.tasks });
      const again = await after.sendMessage({ message }, call);
      expect('task' in again && 'task' in first && again.task.id === first.task.id).toBe(true);
      expect(runs).toBe(1);
      // Another message under that id is refused from what the file keeps, and nothing is written.
      const other = { ...message, parts: [{ text: 'coffee' }] };
      await expect(after.sendMessage({ message: other }, call)).rejects.toMatchObject({
        reason: 'MESSAGE_ID_REUSED',
      });
      expect(runs).toBe(1);
      // Another caller's message with the same id is its own.
      const bob = await after.sendMessage({ message }, { ...call, user: { id: 'bob' } });
      expect('task' in bob && 'task' in first && bob.task.id !== first.task.id).toBe(true);
      expect(runs).toBe(2);
    } finally {
      await stores.close();
    }
  });
});
