import { describe, expect, it } from 'vitest';
import type { AgentExecutor } from '../executor/agent-executor.ts';
import { createRequestHandler } from './create-request-handler.ts';
import {
  collect,
  deferred,
  describeEvents,
  taskOf,
  testCall,
  textOf,
  userMessage,
} from './test-support/test-kit.ts';

const alice = testCall({ user: { id: 'alice' } });
const bob = testCall({ user: { id: 'bob' } });

/** An executor that counts its runs and the answers it was given. */
function counting(work: AgentExecutor) {
  const seen = { runs: 0, answers: [] as string[] };
  const executor: AgentExecutor = async (ctx) => {
    seen.runs += 1;
    return work(ctx);
  };
  return { seen, executor };
}

describe('a message sent again (same messageId, same caller)', () => {
  it('gets the task the first one made, not a second task', async () => {
    const { seen, executor } = counting(async (ctx) => ctx.complete(`done: ${ctx.text}`));
    const handler = createRequestHandler({ executor });
    const message = userMessage('tea');
    const first = taskOf(await handler.sendMessage({ message }, alice));
    const again = taskOf(await handler.sendMessage({ message }, alice));
    expect(again.id).toBe(first.id);
    expect(again.status.state).toBe('TASK_STATE_COMPLETED');
    expect(textOf(again.status.message?.parts)).toBe('done: tea');
    expect(seen.runs).toBe(1);
    // Another caller with the same id is another send.
    const other = taskOf(await handler.sendMessage({ message }, bob));
    expect(other.id).not.toBe(first.id);
    expect(seen.runs).toBe(2);
  });

  it('follows the first one’s task while it is still working, on a stream', async () => {
    const release = deferred();
    const { seen, executor } = counting(async (ctx) => {
      await ctx.working('thinking');
      await release.promise;
      await ctx.complete('answer');
    });
    const handler = createRequestHandler({ executor });
    const message = userMessage('question');
    const first = taskOf(
      await handler.sendMessage({ message, configuration: { returnImmediately: true } }, alice),
    );
    const stream = await handler.sendStreamingMessage({ message }, alice);
    const events = collect(stream);
    release.resolve();
    const described = describeEvents(await events);
    expect(described[0]).toBe('task:TASK_STATE_WORKING');
    expect(described.at(-1)).toBe('status:TASK_STATE_COMPLETED');
    expect(seen.runs).toBe(1);
    expect(taskOf(await handler.sendMessage({ message }, alice)).id).toBe(first.id);
  });

  it('gets a task waiting for input at once, and an answer sent again is taken once', async () => {
    const answers: string[] = [];
    const { seen, executor } = counting(async (ctx) => {
      const answer = await ctx.requestInput('Which topic?');
      answers.push(textOf(answer.parts));
      await ctx.complete(`outline of ${textOf(answer.parts)}`);
    });
    const handler = createRequestHandler({ executor });
    const message = userMessage('');
    const asked = taskOf(await handler.sendMessage({ message }, alice));
    expect(asked.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    const again = taskOf(await handler.sendMessage({ message }, alice));
    expect(again).toMatchObject({ id: asked.id, status: { state: 'TASK_STATE_INPUT_REQUIRED' } });
    // Its stream ends there too, as the first one's did.
    expect(describeEvents(await collect(await handler.sendStreamingMessage({ message }, alice)))).toEqual([
      'task:TASK_STATE_INPUT_REQUIRED',
      'status:TASK_STATE_INPUT_REQUIRED',
    ]);

    const answer = userMessage('tea', { taskId: asked.id });
    const done = taskOf(await handler.sendMessage({ message: answer }, alice));
    expect(done.status.state).toBe('TASK_STATE_COMPLETED');
    const repeated = taskOf(await handler.sendMessage({ message: answer }, alice));
    expect(repeated).toMatchObject({ id: asked.id, status: { state: 'TASK_STATE_COMPLETED' } });
    expect(answers).toEqual(['tea']);
    expect(repeated.history?.filter((entry) => entry.messageId === answer.messageId)).toHaveLength(1);
    expect(seen.runs).toBe(1);
  });

  it('is a new send when the window is 0, or when the first one made no task', async () => {
    const off = counting(async (ctx) => ctx.complete('ok'));
    const handler = createRequestHandler({ executor: off.executor, repeatedMessageWindowMs: 0 });
    const message = userMessage('tea');
    const first = taskOf(await handler.sendMessage({ message }, alice));
    expect(taskOf(await handler.sendMessage({ message }, alice)).id).not.toBe(first.id);
    expect(off.seen.runs).toBe(2);

    const direct = counting(() => 'a direct answer');
    const replying = createRequestHandler({ executor: direct.executor });
    for (let round = 0; round < 2; round += 1) {
      expect(await replying.sendMessage({ message }, alice)).toMatchObject({
        message: { role: 'ROLE_AGENT' },
      });
    }
    expect(direct.seen.runs).toBe(2);
  });
});

describe('another message under a used messageId (same caller)', () => {
  it('is refused with MESSAGE_ID_REUSED naming the id, and the agent never sees it', async () => {
    const { seen, executor } = counting(async (ctx) => ctx.complete(`done: ${ctx.text}`));
    const handler = createRequestHandler({ executor });
    const alpha = userMessage('alpha', { messageId: 'same-id-1' });
    const first = taskOf(await handler.sendMessage({ message: alpha }, alice));
    const beta = { ...alpha, parts: [{ text: 'beta' }] };
    const refused = await handler.sendMessage({ message: beta }, alice).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      name: 'InvalidParamsError',
      code: -32602,
      reason: 'MESSAGE_ID_REUSED',
      metadata: { messageId: 'same-id-1', taskId: first.id },
    });
    expect((refused as Error).message).toContain(
      '"same-id-1" was already used by this caller for a different message',
    );
    await expect(handler.sendStreamingMessage({ message: beta }, alice)).rejects.toMatchObject({
      reason: 'MESSAGE_ID_REUSED',
    });
    expect(seen.runs).toBe(1);
    const listed = await handler.listTasks({}, alice);
    expect(listed.tasks.map((task) => task.id)).toEqual([first.id]);
    expect(listed.tasks[0]?.history?.map((entry) => textOf(entry.parts))).not.toContain('beta');
    // Another caller may use the id for anything.
    expect(taskOf(await handler.sendMessage({ message: beta }, bob)).status.state).toBe(
      'TASK_STATE_COMPLETED',
    );
  });

  it('is refused as a follow-up to another task, which is left as it was', async () => {
    const { seen, executor } = counting(async (ctx) => {
      const answer = await ctx.requestInput('Which topic?');
      await ctx.complete(`outline of ${textOf(answer.parts)}`);
    });
    const handler = createRequestHandler({ executor });
    const used = userMessage('');
    const first = taskOf(await handler.sendMessage({ message: used }, alice));
    const other = taskOf(await handler.sendMessage({ message: userMessage('') }, alice));
    const followUp = { ...used, taskId: other.id };
    await expect(handler.sendMessage({ message: followUp }, alice)).rejects.toMatchObject({
      reason: 'MESSAGE_ID_REUSED',
      metadata: { taskId: first.id },
    });
    const untouched = await handler.getTask({ id: other.id }, alice);
    expect(untouched.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    expect(untouched.history?.filter((entry) => entry.role === 'ROLE_USER')).toHaveLength(1);
    expect(seen.runs).toBe(2);
  });

  it('is the same message whatever the key order and the send’s configuration, and a context only if it is the task’s', async () => {
    const { seen, executor } = counting(async (ctx) => ctx.complete('ok'));
    const handler = createRequestHandler({ executor });
    const message = userMessage('tea', { metadata: { b: 1, a: { y: 2, x: 1 } } });
    const first = taskOf(await handler.sendMessage({ message }, alice));
    const reordered = {
      parts: [{ text: 'tea' }],
      role: 'ROLE_USER' as const,
      metadata: { a: { x: 1, y: 2 }, b: 1 },
      messageId: message.messageId,
      extensions: [],
    };
    const again = await handler.sendMessage(
      { message: reordered, configuration: { returnImmediately: true, historyLength: 0 } },
      alice,
    );
    expect(taskOf(again).id).toBe(first.id);
    const inItsContext = { ...message, contextId: first.contextId };
    expect(taskOf(await handler.sendMessage({ message: inItsContext }, alice)).id).toBe(first.id);
    await expect(
      handler.sendMessage({ message: { ...message, contextId: 'another-context' } }, alice),
    ).rejects.toMatchObject({ reason: 'MESSAGE_ID_REUSED' });
    expect(seen.runs).toBe(1);
  });
});
