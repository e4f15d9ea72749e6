import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createA2AClient } from '@baton/client';
import { startOnRuntime } from '@baton/runtimes';
import { describe, expect, it } from 'vitest';

const HERE = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// The Workers budget is only worth holding if the bundle it measures is a working agent.
describe('the echo agent measured for Workers', () => {
  it('serves its card and answers a message on workerd', async () => {
    const worker = await startOnRuntime({ runtime: 'workers', entry: 'fixtures/echo-worker.ts', cwd: HERE });
    try {
      const client = await createA2AClient({ agent: worker.url });
      expect(client.card.skills.map((skill) => skill.id)).toEqual(['echo']);
      const result = await client.sendMessage('ping');
      const task = 'task' in result ? result.task : undefined;
      expect(task?.status.state).toBe('TASK_STATE_COMPLETED');
      expect(task?.status.message?.parts).toEqual([{ text: 'ping' }]);
    } finally {
      await worker.stop();
    }
  }, 60_000);
});
