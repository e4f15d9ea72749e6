import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AgentExecutor, createRequestHandler, messageText } from '@baton/server';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStores } from './create-sqlite-stores.ts';

const folder = mkdtempSync(join(tmpdir(), 'baton-sqlite-restart-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const call = {
  version: '1.0',
  binding: 'JSONRPC',
  requestedExtensions: [],
  signal: new AbortController().signal,
} as const;

describe('a process restarted on its SQLite file, with no bus', () => {
  it('answers a task its dead predecessor left waiting for input at once, not when the old lease expires', async () => {
    const path = join(folder, 'agent.db');
    // As the outline agent does: a topic asked for in the execution that waits, or given to a new one.
    const executor: AgentExecutor = async (ctx) => {
      const topic = ctx.task === undefined ? messageText(await ctx.requestInput('Which topic?')) : ctx.text;
      await ctx.complete(`outline of ${topic}`);
    };
    // A process on the file, with task leases of 60 s and no bus.
    const processOn = (instanceId: string) => {
      const stores = createSqliteStores({ path });
      const handler = createRequestHandler({
        executor,
        store: stores.tasks,
        cluster: { leases: stores.leases, leaseTtlMs: 60_000, instanceId },
      });
      return { stores, handler };
    };
    // The first process takes the task's lease and "dies": it never renews nor releases it.
    const { handler: before } = processOn('dead-process');
    const asked = await before.sendMessage(
      { message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: '' }] } },
      call,
    );
    if (!('task' in asked)) throw new Error('expected a task');
    expect(asked.task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');

    const { stores: second, handler: after } = processOn('restarted');
    const answered = await after.sendMessage(
      { message: { messageId: 'm2', role: 'ROLE_USER', taskId: asked.task.id, parts: [{ text: 'tea' }] } },
      call,
    );
    if (!('task' in answered)) throw new Error('expected a task');
    expect(answered.task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(answered.task.status.message && messageText(answered.task.status.message)).toBe('outline of tea');
    await after.close?.();
    await second.close();
  });
});
