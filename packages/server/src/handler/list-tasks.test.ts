import { isA2AError } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { createRequestHandler } from './create-request-handler.ts';
import { taskOf, testCall, textOf, userMessage } from './test-support/test-kit.ts';

// Each message's text says how the task ends, so a test can make tasks in any state.
const handler = () =>
  createRequestHandler({
    executor: async (ctx) => {
      await ctx.addArtifact({ parts: `artifact of ${ctx.text}` });
      if (ctx.text.startsWith('fail')) return ctx.fail();
      if (ctx.text.startsWith('ask')) return void (await ctx.requestInput('?'));
      return ctx.complete(`done ${ctx.text}`);
    },
  });

const alice = testCall({ user: { id: 'alice' } });

describe('listTasks', () => {
  it('lists the newest status first with totalSize, pageSize and an empty last-page token', async () => {
    const h = handler();
    const ids: string[] = [];
    for (const text of ['one', 'two', 'three']) {
      ids.push(taskOf(await h.sendMessage({ message: userMessage(text) }, alice)).id);
      await new Promise((resolve) => setTimeout(resolve, 3)); // distinct status timestamps
    }
    const response = await h.listTasks({}, alice);
    expect(response.tasks.map((t) => t.id)).toEqual(ids.reverse());
    expect(response).toMatchObject({ totalSize: 3, pageSize: 50, nextPageToken: '' });
  });

  it('orders by the latest status change, not by creation', async () => {
    const h = handler();
    const asking = taskOf(await h.sendMessage({ message: userMessage('ask first') }, alice));
    await new Promise((resolve) => setTimeout(resolve, 3));
    await h.sendMessage({ message: userMessage('second') }, alice);
    await new Promise((resolve) => setTimeout(resolve, 3));
    await h.sendMessage({ message: userMessage('answer', { taskId: asking.id }) }, alice);
    expect((await h.listTasks({}, alice)).tasks[0]?.id).toBe(asking.id);
  });

  it('filters by contextId, status and statusTimestampAfter', async () => {
    const h = handler();
    const a = taskOf(await h.sendMessage({ message: userMessage('a', { contextId: 'c1' }) }, alice));
    const b = taskOf(await h.sendMessage({ message: userMessage('fail b', { contextId: 'c1' }) }, alice));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const cutoff = new Date().toISOString();
    const c = taskOf(await h.sendMessage({ message: userMessage('c', { contextId: 'c2' }) }, alice));
    const ids = async (request: object) => (await h.listTasks(request, alice)).tasks.map((t) => t.id).sort();
    expect(await ids({ contextId: 'c1' })).toEqual([a.id, b.id].sort());
    expect(await ids({ status: 'TASK_STATE_FAILED' })).toEqual([b.id]);
    expect(await ids({ statusTimestampAfter: cutoff })).toEqual([c.id]);
  });

  it('pages with nextPageToken', async () => {
    const h = handler();
    for (let i = 0; i < 5; i += 1) await h.sendMessage({ message: userMessage(`t${i}`) }, alice);
    const seen: string[] = [];
    let pageToken = '';
    let pages = 0;
    do {
      const page = await h.listTasks({ pageSize: 2, ...(pageToken ? { pageToken } : {}) }, alice);
      expect(page.pageSize).toBe(2);
      expect(page.totalSize).toBe(5);
      seen.push(...page.tasks.map((t) => t.id));
      pageToken = page.nextPageToken;
      pages += 1;
    } while (pageToken);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(5);
  });

  it.each([0, 101, -3])('rejects pageSize %s with InvalidParams', async (pageSize) => {
    const error = await handler()
      .listTasks({ pageSize }, alice)
      .catch((e: unknown) => e);
    expect(isA2AError(error, 'InvalidParamsError')).toBe(true);
  });

  it('omits artifacts by default and includes them with includeArtifacts', async () => {
    const h = handler();
    await h.sendMessage({ message: userMessage('x') }, alice);
    expect((await h.listTasks({}, alice)).tasks[0]).not.toHaveProperty('artifacts');
    const withArtifacts = await h.listTasks({ includeArtifacts: true }, alice);
    expect(textOf(withArtifacts.tasks[0]?.artifacts?.[0]?.parts)).toBe('artifact of x');
  });

  it('applies historyLength to listed tasks', async () => {
    const h = handler();
    await h.sendMessage({ message: userMessage('x') }, alice);
    expect(
      (await h.listTasks({ historyLength: 1 }, alice)).tasks[0]?.history?.map((m) => textOf(m.parts)),
    ).toEqual(['done x']);
    expect((await h.listTasks({ historyLength: 0 }, alice)).tasks[0]).not.toHaveProperty('history');
  });

  it('shows each caller only the tasks of its own user and tenant', async () => {
    const h = handler();
    const bob = testCall({ user: { id: 'bob' } });
    const aliceAtAcme = testCall({ user: { id: 'alice' }, tenant: 'acme' });
    const anonymous = testCall();
    const mine = taskOf(await h.sendMessage({ message: userMessage('mine') }, alice));
    const bobs = taskOf(await h.sendMessage({ message: userMessage('bobs') }, bob));
    const acme = taskOf(await h.sendMessage({ message: userMessage('acme') }, aliceAtAcme));
    const anon = taskOf(await h.sendMessage({ message: userMessage('anon') }, anonymous));
    const ids = async (call: typeof alice) => (await h.listTasks({}, call)).tasks.map((t) => t.id);
    expect(await ids(alice)).toEqual([mine.id]);
    expect(await ids(bob)).toEqual([bobs.id]);
    expect(await ids(aliceAtAcme)).toEqual([acme.id]);
    expect(await ids(anonymous)).toEqual([anon.id]);
    const error = await h.getTask({ id: mine.id }, bob).catch((e: unknown) => e);
    expect(isA2AError(error, 'TaskNotFoundError')).toBe(true);
  });
});
