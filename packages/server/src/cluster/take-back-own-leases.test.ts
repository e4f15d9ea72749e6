import { describe, expect, it } from 'vitest';
import { createRequestHandler } from '../handler/create-request-handler.ts';
import { testCall } from '../handler/test-support/test-kit.ts';
import { createInMemoryTaskStore } from '../store/in-memory-task-store.ts';
import { AGENT_RESTARTED_MESSAGE } from './cluster-options.ts';
import { createInMemoryTaskLeaseStore } from './in-memory-task-lease-store.ts';

const call = testCall({ user: { id: 'alice' } });
const working = (id: string) => ({
  id,
  contextId: 'c1',
  status: { state: 'TASK_STATE_WORKING' as const, timestamp: new Date().toISOString() },
  history: [{ messageId: `m-${id}`, role: 'ROLE_USER' as const, parts: [{ text: 'go' }] }],
});

async function until(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('an instance restarted under the same id', () => {
  it('takes back at start the leases it held, not another live instance’s', async () => {
    const store = createInMemoryTaskStore();
    const leases = createInMemoryTaskLeaseStore();
    // What a process that was killed left: its tasks WORKING under live leases (a minute to go).
    await store.create(working('mine'), { ownerId: 'alice' });
    await store.create(working('theirs'), { ownerId: 'alice' });
    await leases.acquire('mine', 'instance-a', 60_000);
    await leases.acquire('theirs', 'instance-b', 60_000);

    const handler = createRequestHandler({
      executor: async () => 'never runs',
      store,
      cluster: { leases, instanceId: 'instance-a', leaseTtlMs: 60_000 },
    });
    try {
      await until(async () => (await store.get('mine'))?.task.status.state === 'TASK_STATE_FAILED');
      const mine = await handler.getTask({ id: 'mine' }, call);
      expect(mine.status.message?.parts).toEqual([{ text: AGENT_RESTARTED_MESSAGE }]);
      expect(await leases.holder('mine')).toBeUndefined();
      // Another instance's task is its own until its lease expires.
      expect((await store.get('theirs'))?.task.status.state).toBe('TASK_STATE_WORKING');
      expect(await leases.holder('theirs')).toBe('instance-b');
    } finally {
      await handler.close?.();
    }
  });
});
