/**
 * A restarted outline agent on PostgreSQL (store and bus) answers the task it left waiting for input at once: it
 * comes back under the same BATON_INSTANCE_ID, so it takes back the leases its dead self held instead of
 * forwarding the answer to that instance and waiting for the lease (15 s) to expire.
 */
import { type AppProcess, startAppProcess } from '@baton/chain/testing';
import { createA2AClient, userMessage } from '@baton/client';
import type { SendMessageResponse, Task } from '@baton/protocol';
import { realService } from '@baton/server/testing';
import { afterAll, describe, expect, it } from 'vitest';

const postgres = await realService('PostgreSQL');
const running: AppProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((app) => app.stop('SIGKILL')));
});

function taskOf(response: SendMessageResponse): Task {
  if (!('task' in response) || response.task === undefined) throw new Error('expected a task');
  return response.task;
}

describe.skipIf(!postgres.available)('the outline agent on PostgreSQL, killed and restarted', () => {
  it('answers its task waiting for input right after kill -9 and a restart under the same instance id', async () => {
    const env = {
      BATON_STORE: postgres.url,
      BATON_STORE_SCHEMA: 'baton_outline_restart_test',
      // The default lease time: the answer must not wait for it.
      BATON_LEASE_TTL_MS: '15000',
      BATON_INSTANCE_ID: `outline-restart-${process.pid}-${Date.now()}`,
    };
    const first = await startAppProcess('outline-agent', env);
    running.push(first);
    const client = await createA2AClient({ agent: first.url });
    const waiting = taskOf(await client.sendMessage({ message: userMessage([{ data: { sections: 2 } }]) }));
    expect(waiting.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    await first.stop('SIGKILL');

    const second = await startAppProcess('outline-agent', env);
    running.push(second);
    const again = await createA2AClient({ agent: second.url });
    const started = performance.now();
    const answered = taskOf(
      await again.sendMessage({ message: userMessage('Tide pools', { taskId: waiting.id }) }),
    );
    const elapsedMs = performance.now() - started;
    expect(answered).toMatchObject({ id: waiting.id, status: { state: 'TASK_STATE_COMPLETED' } });
    // Before, this answer failed with INSTANCE_UNREACHABLE after 5 s, and again until the lease expired (15 s).
    expect(elapsedMs).toBeLessThan(4_000);
    await second.stop();
  });
});
