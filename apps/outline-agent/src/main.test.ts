import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OutlineSchema } from '@baton/chain';
import { type AppProcess, runAppToExit, startAppProcess } from '@baton/chain/testing';
import { createA2AClient, firstDataPart, userMessage } from '@baton/client';
import { isA2AError, type SendMessageResponse, type Task } from '@baton/protocol';
import { AGENT_RESTARTED_MESSAGE, TASK_BUSY_ELSEWHERE } from '@baton/server';
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
    const env = { BATON_STORE: `sqlite:${join(folder, 'outline.db')}`, BATON_LEASE_TTL_MS: '500' };
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

    // The dead process's executor held the task's lease: until it expires, the answer gets a retryable error.
    const answer = { message: userMessage('Solar panels', { taskId: waiting.id }) };
    let response = await again.sendMessage(answer).catch((error: unknown) => error);
    const deadline = Date.now() + 5_000;
    while (isA2AError(response) && Date.now() < deadline) {
      expect(response.reason).toBe(TASK_BUSY_ELSEWHERE);
      await new Promise((resolve) => setTimeout(resolve, 100));
      response = await again.sendMessage(answer).catch((error: unknown) => error);
    }
    const resumed = taskOf(response as SendMessageResponse);
    expect(resumed.id).toBe(waiting.id);
    expect(resumed.status.state).toBe('TASK_STATE_COMPLETED');
    const outline = OutlineSchema.parse(firstDataPart(resumed, 'outline')?.data);
    expect(outline).toMatchObject({ topic: 'Solar panels' });
    expect(outline.sections).toHaveLength(3);
    await second.stop();
  });

  it('starts again, once its lease expired, a task that was WORKING when the process was killed, and completes it', async () => {
    // The outline agent pointed at an LLM that never answers: its task stays WORKING until the kill.
    const requests: string[] = [];
    const silentLlm = createServer((request) => {
      requests.push(request.url ?? '');
    });
    await new Promise<void>((resolve) => silentLlm.listen(0, '127.0.0.1', resolve));
    const llm = `http://127.0.0.1:${(silentLlm.address() as AddressInfo).port}/v1`;
    try {
      const env = {
        BATON_STORE: `sqlite:${join(folder, 'working.db')}`,
        BATON_LEASE_TTL_MS: '500',
        BATON_LLM_BASE_URL: llm,
        BATON_LLM_MODEL: 'stand-in',
      };
      const first = await start(env);
      const client = await createA2AClient({ agent: first.url });
      const started = taskOf(await client.sendMessage('The history of tea', { returnImmediately: true }));
      const other = taskOf(await client.sendMessage('Coffee', { returnImmediately: true }));
      while (requests.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await client.getTask(started.id)).status.state).toBe('TASK_STATE_WORKING');
      await first.stop('SIGKILL');

      const second = await start({ ...env, BATON_LLM_BASE_URL: '', BATON_LLM_MODEL: '' });
      const again = await createA2AClient({ agent: second.url });
      // The outline agent's executor is safe to run again: both tasks the killed process was working on start
      // again once their leases expired (here offline), instead of ending FAILED.
      const states = async () =>
        Promise.all([started.id, other.id].map(async (id) => (await again.getTask(id)).status.state));
      const deadline = Date.now() + 20_000;
      while ((await states()).some((state) => state !== 'TASK_STATE_COMPLETED') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await states()).toEqual(['TASK_STATE_COMPLETED', 'TASK_STATE_COMPLETED']);
      const task = await again.getTask(started.id);
      expect(task.status.message?.parts).not.toEqual([{ text: AGENT_RESTARTED_MESSAGE }]);
      expect(task.history?.[0]?.parts).toEqual([{ text: 'The history of tea' }]);
      const outline = task.artifacts?.find((artifact) => artifact.name === 'outline');
      expect(JSON.stringify(outline?.parts)).toContain('The history of tea');
      await second.stop();
    } finally {
      silentLlm.closeAllConnections();
      silentLlm.close();
    }
    // Two process starts, a kill, lease expiry and up to 20 s for the tasks: margin for a loaded machine.
  }, 60_000);

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
