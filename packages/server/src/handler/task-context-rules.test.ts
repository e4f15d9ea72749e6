import type { Task } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { createRequestHandler } from './create-request-handler.ts';
import { errorOf, taskOf, testCall, userMessage } from './test-support/test-kit.ts';

const call = testCall();

describe('sendMessage: task and context rules', () => {
  const handler = createRequestHandler({ executor: (ctx) => ctx.complete(`context ${ctx.contextId}`) });

  it('answers UnsupportedOperation to a message for a terminal task', async () => {
    const task = taskOf(await handler.sendMessage({ message: userMessage('x') }, call));
    const error = await errorOf(
      handler.sendMessage({ message: userMessage('y', { taskId: task.id }) }, call),
    );
    expect(error.reason).toBe('UNSUPPORTED_OPERATION');
    expect(error.message).toMatch(/TASK_STATE_COMPLETED/);
  });

  it('answers TaskNotFound to an unknown taskId', async () => {
    const error = await errorOf(handler.sendMessage({ message: userMessage('y', { taskId: 'nope' }) }, call));
    expect(error.reason).toBe('TASK_NOT_FOUND');
  });

  it('answers TaskNotFound for a task of another user', async () => {
    const gated = createRequestHandler({ executor: (ctx) => ctx.requestInput('?').then(() => undefined) });
    const mine = taskOf(
      await gated.sendMessage({ message: userMessage('x') }, testCall({ user: { id: 'alice' } })),
    );
    const error = await errorOf(
      gated.sendMessage(
        { message: userMessage('y', { taskId: mine.id }) },
        testCall({ user: { id: 'mallory' } }),
      ),
    );
    expect(error.reason).toBe('TASK_NOT_FOUND');
  });

  it('infers the contextId from the task when only the taskId is sent', async () => {
    const asking = createRequestHandler({
      executor: async (ctx) => {
        await ctx.requestInput('?');
        await ctx.complete(ctx.contextId);
      },
    });
    const first = taskOf(
      await asking.sendMessage({ message: userMessage('x', { contextId: 'ctx-1' }) }, call),
    );
    const second = taskOf(
      await asking.sendMessage({ message: userMessage('y', { taskId: first.id }) }, call),
    );
    expect(second.contextId).toBe('ctx-1');
    expect(second.history?.[2]).toMatchObject({ taskId: first.id, contextId: 'ctx-1' });
  });

  it('rejects a taskId and contextId that do not match with InvalidParams naming both', async () => {
    const asking = createRequestHandler({ executor: (ctx) => ctx.requestInput('?').then(() => undefined) });
    const first = taskOf(
      await asking.sendMessage({ message: userMessage('x', { contextId: 'ctx-1' }) }, call),
    );
    const error = await errorOf(
      asking.sendMessage({ message: userMessage('y', { taskId: first.id, contextId: 'ctx-2' }) }, call),
    );
    expect(error.reason).toBe('INVALID_PARAMS');
    expect(error.message).toContain('ctx-1');
    expect(error.message).toContain('ctx-2');
  });

  it('starts a new task in the given context when a contextId comes without a taskId', async () => {
    const a = taskOf(await handler.sendMessage({ message: userMessage('x', { contextId: 'shared' }) }, call));
    const b = taskOf(await handler.sendMessage({ message: userMessage('y', { contextId: 'shared' }) }, call));
    expect(a.id).not.toBe(b.id);
    expect([a.contextId, b.contextId]).toEqual(['shared', 'shared']);
  });

  it('gives each message without ids a new context', async () => {
    const a = taskOf(await handler.sendMessage({ message: userMessage('x') }, call));
    const b = taskOf(await handler.sendMessage({ message: userMessage('y') }, call));
    expect(a.contextId).not.toBe(b.contextId);
  });

  it('resolves referenceTaskIds to the tasks the caller may see, skipping others', async () => {
    let referenced: readonly Task[] = [];
    const referencing = createRequestHandler({
      executor: (ctx) => {
        referenced = ctx.referencedTasks;
        return ctx.complete();
      },
    });
    const alice = testCall({ user: { id: 'alice' } });
    const mine = taskOf(await referencing.sendMessage({ message: userMessage('a') }, alice));
    const theirs = taskOf(
      await referencing.sendMessage({ message: userMessage('b') }, testCall({ user: { id: 'bob' } })),
    );
    await referencing.sendMessage(
      { message: userMessage('c', { referenceTaskIds: [mine.id, theirs.id, 'missing'] }) },
      alice,
    );
    expect(referenced.map((t) => t.id)).toEqual([mine.id]);
  });
});
