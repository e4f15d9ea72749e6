import { isA2AError } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { createRequestHandler } from './create-request-handler.ts';
import { deferred, recordingLogger, taskOf, testCall, userMessage } from './test-support/test-kit.ts';

const call = testCall();
const immediately = { returnImmediately: true };

describe('cancelTask', () => {
  it('fires the execution signal and ends the task CANCELED', async () => {
    let reason: unknown;
    const handler = createRequestHandler({
      executor: async (ctx) => {
        await ctx.working();
        await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
        reason = ctx.signal.reason;
      },
    });
    const task = taskOf(
      await handler.sendMessage({ message: userMessage('x'), configuration: immediately }, call),
    );
    const canceled = await handler.cancelTask({ id: task.id }, call);
    expect(canceled.status.state).toBe('TASK_STATE_CANCELED');
    await expect.poll(() => reason).toMatchObject({ name: 'AbortError' });
    expect((await handler.getTask({ id: task.id }, call)).status.state).toBe('TASK_STATE_CANCELED');
  });

  it('ends the task CANCELED even when the executor ignores the signal, and refuses its later writes', async () => {
    const gate = deferred();
    let lateWrite: unknown;
    const handler = createRequestHandler({
      logger: recordingLogger(),
      executor: async (ctx) => {
        await ctx.working();
        await gate.promise;
        lateWrite = await ctx.complete('too late').catch((e: unknown) => e);
      },
    });
    const task = taskOf(
      await handler.sendMessage({ message: userMessage('x'), configuration: immediately }, call),
    );
    expect((await handler.cancelTask({ id: task.id }, call)).status.state).toBe('TASK_STATE_CANCELED');
    gate.resolve();
    await expect.poll(() => lateWrite).toMatchObject({ name: 'InvalidTransitionError' });
    expect((await handler.getTask({ id: task.id }, call)).status.state).toBe('TASK_STATE_CANCELED');
  });

  it('unwinds an executor waiting in requestInput', async () => {
    let outcome: unknown;
    const handler = createRequestHandler({
      executor: async (ctx) => {
        outcome = await ctx.requestInput('?').catch((e: unknown) => e);
      },
    });
    const task = taskOf(await handler.sendMessage({ message: userMessage('x') }, call));
    expect(task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    await handler.cancelTask({ id: task.id }, call);
    await expect.poll(() => outcome).toMatchObject({ name: 'AbortError' });
  });

  it('is idempotent on a canceled task', async () => {
    const handler = createRequestHandler({ executor: (ctx) => ctx.requestInput('?').then(() => undefined) });
    const task = taskOf(await handler.sendMessage({ message: userMessage('x') }, call));
    const first = await handler.cancelTask({ id: task.id }, call);
    const second = await handler.cancelTask({ id: task.id }, call);
    expect(second).toEqual(first);
  });

  it('answers TaskNotCancelable for a completed task', async () => {
    const handler = createRequestHandler({ executor: (ctx) => ctx.complete() });
    const task = taskOf(await handler.sendMessage({ message: userMessage('x') }, call));
    const error = await handler.cancelTask({ id: task.id }, call).catch((e: unknown) => e);
    expect(isA2AError(error, 'TaskNotCancelableError')).toBe(true);
  });

  it('answers TaskNotFound for an unknown task or one of another user', async () => {
    const handler = createRequestHandler({ executor: (ctx) => ctx.requestInput('?').then(() => undefined) });
    const task = taskOf(
      await handler.sendMessage({ message: userMessage('x') }, testCall({ user: { id: 'a' } })),
    );
    for (const [id, who] of [
      ['nope', call],
      [task.id, testCall({ user: { id: 'b' } })],
    ] as const) {
      const error = await handler.cancelTask({ id }, who).catch((e: unknown) => e);
      expect(isA2AError(error, 'TaskNotFoundError')).toBe(true);
    }
  });
});
