/**
 * One task per user message id and scope in a SQLite file shared by two processes (two stores on one file here):
 * the second create of one message is refused as retryable (MESSAGE_IN_FLIGHT); another scope is its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isA2AError } from '@baton/protocol';
import { MESSAGE_IN_FLIGHT } from '@baton/server/store';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStores } from './create-sqlite-stores.ts';

const folder = mkdtempSync(join(tmpdir(), 'baton-sqlite-message-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const submitted = (id: string, messageId: string) => ({
  id,
  contextId: 'c1',
  status: { state: 'TASK_STATE_SUBMITTED' as const, timestamp: new Date().toISOString() },
  history: [{ messageId, role: 'ROLE_USER' as const, parts: [{ text: 'tea' }] }],
});

describe('one task per user message id, on a shared SQLite file', () => {
  it('refuses a second task of one message in one scope as retryable, whichever process makes it', async () => {
    const path = join(folder, 'shared.db');
    const one = createSqliteStores({ path });
    const two = createSqliteStores({ path });
    try {
      await one.tasks.create(submitted('t1', 'm-1'), { ownerId: 'alice' });
      const refused = await two.tasks
        .create(submitted('t2', 'm-1'), { ownerId: 'alice' })
        .catch((error: unknown) => error);
      expect(isA2AError(refused) && refused.reason).toBe(MESSAGE_IN_FLIGHT);
      expect(await two.tasks.get('t2')).toBeUndefined();
      await two.tasks.create(submitted('t3', 'm-1'), { ownerId: 'bob' });
      // A task id taken is still the plain refusal.
      const again = await one.tasks
        .create(submitted('t1', 'm-9'), { ownerId: 'alice' })
        .catch((error: unknown) => error);
      expect(isA2AError(again) && again.message).toBe('Task t1 already exists');
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
