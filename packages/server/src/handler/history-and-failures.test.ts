import { describe, expect, it } from 'vitest';
import { AgentFailure, isAgentFailure } from '../executor/agent-failure.ts';
import { EXECUTOR_FAILURE_MESSAGE } from '../task/run-execution.ts';
import { createRequestHandler } from './create-request-handler.ts';
import { errorOf, recordingLogger, taskOf, testCall, textOf, userMessage } from './test-support/test-kit.ts';

const call = testCall();

describe('historyLength', () => {
  const handler = createRequestHandler({
    executor: async (ctx) => {
      await ctx.working('1');
      await ctx.working('2');
      await ctx.complete('3');
    },
  });

  it.each([
    [undefined, ['q', '1', '2', '3']],
    [2, ['2', '3']],
  ])('returns %s messages of history', async (historyLength, expected) => {
    const configuration = historyLength === undefined ? {} : { historyLength };
    const task = taskOf(await handler.sendMessage({ message: userMessage('q'), configuration }, call));
    expect(task.history?.map((m) => textOf(m.parts))).toEqual(expected);
    const fetched = await handler.getTask(
      { id: task.id, ...(historyLength === undefined ? {} : { historyLength }) },
      call,
    );
    expect(fetched.history?.map((m) => textOf(m.parts))).toEqual(expected);
  });

  it('omits history with historyLength 0', async () => {
    const task = taskOf(
      await handler.sendMessage({ message: userMessage('q'), configuration: { historyLength: 0 } }, call),
    );
    expect(task).not.toHaveProperty('history');
    expect(await handler.getTask({ id: task.id, historyLength: 0 }, call)).not.toHaveProperty('history');
  });

  it('rejects a negative historyLength with InvalidParams', async () => {
    const error = await errorOf(handler.getTask({ id: 'x', historyLength: -1 }, call));
    expect(error.reason).toBe('INVALID_PARAMS');
  });
});

describe('executor failures', () => {
  it('fails the task with a safe message, logs the real error, and serves the next task', async () => {
    const logger = recordingLogger();
    let calls = 0;
    const handler = createRequestHandler({
      logger,
      executor: async (ctx) => {
        calls += 1;
        await ctx.working();
        if (calls === 1) throw new Error('database password is hunter2');
        await ctx.complete('fine');
      },
    });
    const failed = taskOf(await handler.sendMessage({ message: userMessage('x') }, call));
    expect(failed.status.state).toBe('TASK_STATE_FAILED');
    expect(textOf(failed.status.message?.parts)).toBe(EXECUTOR_FAILURE_MESSAGE);
    expect(JSON.stringify(failed)).not.toContain('hunter2');
    expect(logger.errors).toHaveLength(1);
    expect(logger.errors[0]?.details).toMatchObject({
      error: expect.objectContaining({ message: expect.stringContaining('hunter2') }),
    });

    const next = taskOf(await handler.sendMessage({ message: userMessage('y') }, call));
    expect(next.status.state).toBe('TASK_STATE_COMPLETED');
  });

  it('fails a task whose executor throws before any event, too', async () => {
    const handler = createRequestHandler({
      logger: recordingLogger(),
      executor: () => {
        throw new TypeError('undefined is not a function');
      },
    });
    const task = taskOf(await handler.sendMessage({ message: userMessage('x') }, call));
    expect(task.status.state).toBe('TASK_STATE_FAILED');
    expect(textOf(task.status.message?.parts)).toBe(EXECUTOR_FAILURE_MESSAGE);
  });

  it('fails the task with the words of an AgentFailure, keeping its cause in the log only', async () => {
    const logger = recordingLogger();
    const handler = createRequestHandler({
      logger,
      executor: () => {
        throw new AgentFailure("The model's server answered 429: rate limited; tried 3 times", {
          cause: new Error('api key sk-secret rejected'),
        });
      },
    });
    const task = taskOf(await handler.sendMessage({ message: userMessage('x') }, call));
    expect(task.status.state).toBe('TASK_STATE_FAILED');
    expect(textOf(task.status.message?.parts)).toBe(
      "The model's server answered 429: rate limited; tried 3 times",
    );
    expect(JSON.stringify(task)).not.toContain('sk-secret');
    expect(logger.errors).toHaveLength(1);
  });

  it('recognises an AgentFailure from another copy of the package by its brand', () => {
    const foreign = Object.assign(new Error('x'), { [Symbol.for('baton.agent-failure')]: true });
    expect(isAgentFailure(foreign)).toBe(true);
    expect(isAgentFailure(new Error('x'))).toBe(false);
    expect(isAgentFailure(undefined)).toBe(false);
  });
});
