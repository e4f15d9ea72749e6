import type { Task } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { createRequestHandler } from './create-request-handler.ts';
import { deferred, errorOf, taskOf, testCall, textOf, userMessage } from './test-support/test-kit.ts';

const call = testCall();

describe('sendMessage: multi-turn', () => {
  it('resumes the executor waiting in requestInput with the follow-up on the same task', async () => {
    const handler = createRequestHandler({
      executor: async (ctx) => {
        const answer = await ctx.requestInput('What is your name?');
        await ctx.complete(`Hello, ${textOf(answer.parts)}!`);
      },
    });
    const first = taskOf(await handler.sendMessage({ message: userMessage('hi') }, call));
    expect(first.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    expect(textOf(first.status.message?.parts)).toBe('What is your name?');

    const second = taskOf(
      await handler.sendMessage({ message: userMessage('Ada', { taskId: first.id }) }, call),
    );
    expect(second.id).toBe(first.id);
    expect(second.contextId).toBe(first.contextId);
    expect(second.status.state).toBe('TASK_STATE_COMPLETED');
    expect(textOf(second.status.message?.parts)).toBe('Hello, Ada!');
    expect(second.history?.map((m) => textOf(m.parts))).toEqual([
      'hi',
      'What is your name?',
      'Ada',
      'Hello, Ada!',
    ]);
  });

  it('starts a new execution with the existing task when nobody waits for the follow-up', async () => {
    const seen: (Task | undefined)[] = [];
    const handler = createRequestHandler({
      executor: async (ctx) => {
        seen.push(ctx.task);
        if (!ctx.task) {
          void ctx.requestInput('more?');
          return;
        }
        await ctx.complete(`got ${ctx.text}`);
      },
    });
    const first = taskOf(await handler.sendMessage({ message: userMessage('a') }, call));
    expect(first.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    const second = taskOf(
      await handler.sendMessage({ message: userMessage('b', { taskId: first.id }) }, call),
    );
    expect(second.status.state).toBe('TASK_STATE_COMPLETED');
    expect(seen[1]?.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    expect(seen[1]?.history?.map((m) => textOf(m.parts))).toEqual(['a', 'more?']);
  });

  it('rejects a follow-up while the task is still working', async () => {
    const gate = deferred();
    const handler = createRequestHandler({
      executor: async (ctx) => {
        await ctx.working();
        await gate.promise;
      },
    });
    const task = taskOf(
      await handler.sendMessage(
        { message: userMessage('x'), configuration: { returnImmediately: true } },
        call,
      ),
    );
    const error = await errorOf(
      handler.sendMessage({ message: userMessage('y', { taskId: task.id }) }, call),
    );
    expect(error.reason).toBe('UNSUPPORTED_OPERATION');
    gate.resolve();
  });
});
