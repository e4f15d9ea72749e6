import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OutlineSchema } from '@baton/chain';
import { type AppProcess, runAppToExit, startAppProcess } from '@baton/chain/testing';
import { createA2AClient, firstDataPart, userMessage } from '@baton/client';
import type { SendMessageResponse, Task } from '@baton/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { TOPIC_QUESTION } from './outline-agent.ts';

const folder = mkdtempSync(join(tmpdir(), 'baton-outline-main-'));
const running: AppProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((app) => app.stop('SIGKILL')));
  rmSync(folder, { recursive: true, force: true });
});

function taskOf(response: SendMessageResponse): Task {
  if (!('task' in response) || response.task === undefined) throw new Error('expected a task');
  return response.task;
}

async function start(env: Record<string, string>): Promise<AppProcess> {
  const app = await startAppProcess('outline-agent', env);
  running.push(app);
  return app;
}

describe('the outline agent process and its store', () => {
  it('still knows its tasks after kill -9 and a restart on the same SQLite file, and resumes one waiting for input', async () => {
    const env = { BATON_STORE: `sqlite:${join(folder, 'outline.db')}` };
    const first = await start(env);
    expect(first.output()).toContain(`tasks kept in SQLite at ${join(folder, 'outline.db')}`);
    const client = await createA2AClient({ agent: first.url });
    const done = taskOf(await client.sendMessage('The history of tea'));
    const waiting = taskOf(await client.sendMessage({ message: userMessage([{ data: { sections: 3 } }]) }));
    expect(done.status.state).toBe('TASK_STATE_COMPLETED');
    expect(waiting.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    await first.stop('SIGKILL');

    const second = await start(env);
    const again = await createA2AClient({ agent: second.url });
    const reread = await again.getTask(done.id);
    expect(reread.status.state).toBe('TASK_STATE_COMPLETED');
    expect(OutlineSchema.parse(firstDataPart(reread, 'outline')?.data).topic).toBe('The history of tea');
    const stillWaiting = await again.getTask(waiting.id);
    expect(stillWaiting.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    expect(stillWaiting.status.message?.parts).toEqual([{ text: TOPIC_QUESTION }]);

    const resumed = taskOf(
      await again.sendMessage({
        message: userMessage('Solar panels', { taskId: waiting.id }),
      }),
    );
    expect(resumed.id).toBe(waiting.id);
    expect(resumed.status.state).toBe('TASK_STATE_COMPLETED');
    const outline = OutlineSchema.parse(firstDataPart(resumed, 'outline')?.data);
    expect(outline).toMatchObject({ topic: 'Solar panels' });
    expect(outline.sections).toHaveLength(3);
    await second.stop();
  });

  it.each([
    [
      { BATON_STORE: 'mysql://db/x' },
      /^outline-agent: BATON_STORE must be memory, sqlite:<path> or a postgres:\/\/ URL, got "mysql:\/\/db\/x"$/,
    ],
    [
      { BATON_STORE: 'postgres://postgres@127.0.0.1:1/none' },
      /^outline-agent: Cannot reach PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:1\/none: .*ECONNREFUSED.*$/,
    ],
    [
      { BATON_STORE: `sqlite:${fileURLToPath(import.meta.url)}/x.db` },
      /^outline-agent: Cannot open the SQLite store at .+main\.test\.ts\/x\.db: .+$/,
    ],
  ])('stops at start with a one-line reason for %o', async (env, line) => {
    const { code, output } = await runAppToExit('outline-agent', env);
    expect(code).toBe(1);
    expect(output.trim()).toMatch(line);
    expect(output.trim().split('\n')).toHaveLength(1);
  });
});
