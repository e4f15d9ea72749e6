import { describe, expect, it } from 'vitest';
import { createRequestHandler } from '../handler/create-request-handler.ts';
import { taskOf, testCall, textOf, userMessage } from '../handler/test-support/test-kit.ts';
import type { AgentExecutor } from './agent-executor.ts';

const call = testCall();

describe('the execution context', () => {
  it('works destructured: an executor may take its operations and fields out of the context', async () => {
    const executor: AgentExecutor = async ({ text, taskId, streamArtifact, complete }) => {
      const stream = streamArtifact({ name: 'shout' });
      await stream.end(text.toUpperCase());
      await complete(`done with ${taskId}`);
    };
    const task = taskOf(
      await createRequestHandler({ executor }).sendMessage({ message: userMessage('hi') }, call),
    );
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(textOf(task.status.message?.parts)).toBe(`done with ${task.id}`);
    expect(task.artifacts?.map((artifact) => [artifact.name, textOf(artifact.parts)])).toEqual([
      ['shout', 'HI'],
    ]);
  });

  it('acts the same whether an operation is kept or read at each call, each on its own task', async () => {
    const executor: AgentExecutor = async (ctx) => {
      const { working } = ctx;
      await working('first');
      await ctx.working('second');
      await ctx.addArtifact({ name: 'data', parts: { data: { id: ctx.taskId } } });
      await ctx.complete();
    };
    const handler = createRequestHandler({ executor });
    const [one, two] = await Promise.all([
      handler.sendMessage({ message: userMessage('a') }, call),
      handler.sendMessage({ message: userMessage('b') }, call),
    ]);
    for (const task of [taskOf(one), taskOf(two)]) {
      expect(task.status.state).toBe('TASK_STATE_COMPLETED');
      expect(task.artifacts?.[0]?.parts).toEqual([{ data: { id: task.id } }]);
    }
  });

  it('can be wrapped by deriving from it: the wrapper’s fields win, the operations still act on the task', async () => {
    const inner: AgentExecutor = async (ctx) => {
      await ctx.complete(`heard ${ctx.text}`);
    };
    const executor: AgentExecutor = (ctx) =>
      inner(Object.create(ctx, { text: { value: 'a rewritten text' } }));
    const task = taskOf(
      await createRequestHandler({ executor }).sendMessage({ message: userMessage('hi') }, call),
    );
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(textOf(task.status.message?.parts)).toBe('heard a rewritten text');
  });
});
