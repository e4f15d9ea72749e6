import { isA2AError } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { SHUTDOWN_MESSAGE } from '../task/task-runtime.ts';
import { createRequestHandler } from './create-request-handler.ts';
import { recordingLogger, testCall, textOf, userMessage } from './test-support/test-kit.ts';

const call = testCall();
const immediately = { returnImmediately: true };

describe('close', () => {
  it('lets running executions finish within the deadline', async () => {
    const handler = createRequestHandler({
      executor: async (ctx) => {
        await ctx.working();
        await new Promise((resolve) => setTimeout(resolve, 20));
        await ctx.complete();
      },
    });
    const response = await handler.sendMessage(
      { message: userMessage('x'), configuration: immediately },
      call,
    );
    const id = 'task' in response ? response.task.id : '';
    await handler.close({ deadlineMs: 1000 });
    expect((await handler.getTask({ id }, call)).status.state).toBe('TASK_STATE_COMPLETED');
  });

  it('aborts executions still running at the deadline and cancels their tasks, even if they ignore the signal', async () => {
    let aborted = false;
    const handler = createRequestHandler({
      logger: recordingLogger(),
      executor: async (ctx) => {
        ctx.signal.addEventListener('abort', () => {
          aborted = true;
        });
        await ctx.working();
        await new Promise(() => undefined);
      },
    });
    const response = await handler.sendMessage(
      { message: userMessage('x'), configuration: immediately },
      call,
    );
    const id = 'task' in response ? response.task.id : '';
    await handler.close({ deadlineMs: 10 });
    expect(aborted).toBe(true);
    const task = await handler.getTask({ id }, call);
    expect(task.status.state).toBe('TASK_STATE_CANCELED');
    expect(textOf(task.status.message?.parts)).toBe(SHUTDOWN_MESSAGE);
  });

  it('fails a blocking send whose executor had not created a task by the deadline', async () => {
    const handler = createRequestHandler({
      logger: recordingLogger(),
      executor: () => new Promise(() => undefined),
    });
    const pending = handler.sendMessage({ message: userMessage('x') }, call).catch((e: unknown) => e);
    await handler.close({ deadlineMs: 10 });
    expect(isA2AError(await pending, 'InternalError')).toBe(true);
  });

  it('leaves tasks waiting for input interrupted, and refuses new messages', async () => {
    const handler = createRequestHandler({
      logger: recordingLogger(),
      executor: (ctx) => ctx.requestInput('?').then(() => undefined),
    });
    const response = await handler.sendMessage({ message: userMessage('x') }, call);
    const id = 'task' in response ? response.task.id : '';
    await handler.close({ deadlineMs: 1000 });
    expect((await handler.getTask({ id }, call)).status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    const refused = await handler.sendMessage({ message: userMessage('y') }, call).catch((e: unknown) => e);
    expect(isA2AError(refused, 'InternalError')).toBe(true);
  });
});
