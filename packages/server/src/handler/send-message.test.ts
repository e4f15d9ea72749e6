import { A2AError, type Message } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { createRequestHandler } from './create-request-handler.ts';
import { deferred, errorOf, taskOf, testCall, textOf, userMessage } from './test-support/test-kit.ts';

const call = testCall();

describe('sendMessage: direct answers', () => {
  it('answers with a direct Message when the executor returns text', async () => {
    const handler = createRequestHandler({ executor: (ctx) => `echo: ${ctx.text}` });
    const response = await handler.sendMessage({ message: userMessage('hi') }, call);
    expect('message' in response && response.message).toMatchObject({
      role: 'ROLE_AGENT',
      parts: [{ text: 'echo: hi' }],
    });
    if (!('message' in response)) return;
    expect(response.message.contextId).toBeTruthy();
    expect(response.message).not.toHaveProperty('taskId');
  });

  it('answers with the message given to reply()', async () => {
    const handler = createRequestHandler({
      executor: async (ctx) => {
        await ctx.reply({ parts: [{ data: { ok: true } }], metadata: { m: 1 } });
      },
    });
    const response = await handler.sendMessage({ message: userMessage('hi', { contextId: 'ctx' }) }, call);
    expect('message' in response && response.message).toMatchObject({
      role: 'ROLE_AGENT',
      contextId: 'ctx',
      parts: [{ data: { ok: true } }],
      metadata: { m: 1 },
    });
  });

  it('fails the request with an A2AError the executor throws before any task event, creating no task', async () => {
    const handler = createRequestHandler({
      executor: () => {
        throw A2AError.contentTypeNotSupported('image/png');
      },
    });
    const error = await errorOf(handler.sendMessage({ message: userMessage('hi') }, call));
    expect(error.reason).toBe('CONTENT_TYPE_NOT_SUPPORTED');
    expect((await handler.listTasks({}, call)).totalSize).toBe(0);
  });
});

describe('sendMessage: tasks', () => {
  it('returns the completed task with a whole artifact and an artifact sent in 3 chunks', async () => {
    const handler = createRequestHandler({
      executor: async (ctx) => {
        await ctx.working('on it');
        await ctx.addArtifact({ name: 'summary', parts: 'short' });
        const stream = ctx.streamArtifact({ name: 'report', artifactId: 'r1' });
        await stream.write('one ');
        await stream.write('two ');
        await stream.end('three');
      },
    });
    const task = taskOf(await handler.sendMessage({ message: userMessage('go') }, call));
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(task.artifacts?.map((a) => [a.name, textOf(a.parts), a.parts.length])).toEqual([
      ['summary', 'short', 1],
      ['report', 'one two three', 3],
    ]);
    expect(task.artifacts?.[1]?.artifactId).toBe('r1');
  });

  it('generates the task and context ids', async () => {
    const handler = createRequestHandler({ executor: (ctx) => ctx.complete() });
    const task = taskOf(await handler.sendMessage({ message: userMessage('x') }, call));
    expect(task.id).toMatch(/^[\w-]{10,}$/);
    expect(task.contextId).toMatch(/^[\w-]{10,}$/);
    expect(task.history?.[0]).toMatchObject({
      role: 'ROLE_USER',
      taskId: task.id,
      contextId: task.contextId,
    });
  });

  it('completes a task the executor leaves WORKING when it returns', async () => {
    const handler = createRequestHandler({ executor: (ctx) => ctx.working() });
    expect(taskOf(await handler.sendMessage({ message: userMessage('x') }, call)).status.state).toBe(
      'TASK_STATE_COMPLETED',
    );
  });

  it('keeps user and agent status messages in history', async () => {
    const handler = createRequestHandler({
      executor: async (ctx) => {
        await ctx.working('thinking');
        await ctx.complete('done');
      },
    });
    const task = taskOf(await handler.sendMessage({ message: userMessage('question') }, call));
    expect(task.history?.map((m) => [m.role, textOf(m.parts)])).toEqual([
      ['ROLE_USER', 'question'],
      ['ROLE_AGENT', 'thinking'],
      ['ROLE_AGENT', 'done'],
    ]);
    expect(task.status.message).toMatchObject({
      role: 'ROLE_AGENT',
      taskId: task.id,
      contextId: task.contextId,
    });
  });

  it('returns at once with returnImmediately and lets the task run on', async () => {
    const gate = deferred();
    const handler = createRequestHandler({
      executor: async (ctx) => {
        await ctx.working();
        await gate.promise;
        await ctx.complete('later');
      },
    });
    const task = taskOf(
      await handler.sendMessage(
        { message: userMessage('x'), configuration: { returnImmediately: true } },
        call,
      ),
    );
    expect(['TASK_STATE_SUBMITTED', 'TASK_STATE_WORKING']).toContain(task.status.state);
    gate.resolve();
    await expect
      .poll(async () => (await handler.getTask({ id: task.id }, call)).status.state)
      .toBe('TASK_STATE_COMPLETED');
  });

  it('gives the executor an InvalidTransitionError for a move the lifecycle forbids', async () => {
    let caught: unknown;
    const handler = createRequestHandler({
      executor: async (ctx) => {
        await ctx.complete();
        caught = await ctx.working().catch((e: unknown) => e);
      },
    });
    await handler.sendMessage({ message: userMessage('x') }, call);
    await expect.poll(() => caught).toMatchObject({ name: 'InvalidTransitionError' });
    expect(String(caught)).toMatch(/TASK_STATE_COMPLETED to TASK_STATE_WORKING/);
  });
});

describe('the execution context', () => {
  it('carries the request: ids, text, data, user, tenant, extensions', async () => {
    let seen: Record<string, unknown> = {};
    const handler = createRequestHandler({
      executor: (ctx) => {
        seen = {
          text: ctx.text,
          data: ctx.data,
          user: ctx.user,
          tenant: ctx.tenant,
          extensions: ctx.requestedExtensions,
          ids: ctx.message.taskId === ctx.taskId && ctx.message.contextId === ctx.contextId,
        };
        return 'ok';
      },
    });
    const message: Message = userMessage('line 1', {
      parts: [{ text: 'line 1' }, { data: { n: 1 } }, { text: 'line 2' }],
    });
    await handler.sendMessage(
      { message },
      testCall({ user: { id: 'u1' }, tenant: 'acme', requestedExtensions: ['https://x/ext'] }),
    );
    expect(seen).toEqual({
      text: 'line 1\nline 2',
      data: { n: 1 },
      user: { id: 'u1' },
      tenant: 'acme',
      extensions: ['https://x/ext'],
      ids: true,
    });
  });
});

describe('sendMessage: the caller going away', () => {
  it('stops waiting when the call signal fires, answering with the task as it is; the task goes on', async () => {
    const release = deferred();
    const handler = createRequestHandler({
      executor: async (ctx) => {
        await ctx.working('started');
        await release.promise;
      },
    });
    const caller = new AbortController();
    const sent = handler.sendMessage({ message: userMessage('go') }, testCall({ signal: caller.signal }));
    setTimeout(() => caller.abort(), 20);
    const task = taskOf(await sent);
    expect(task.status.state).toBe('TASK_STATE_WORKING');
    release.resolve();
    await expect
      .poll(async () => (await handler.getTask({ id: task.id }, call)).status.state)
      .toBe('TASK_STATE_COMPLETED');
  });

  it('never reads the call signal for a send that finishes in the turn that started it', async () => {
    const handler = createRequestHandler({ executor: async (ctx) => ctx.complete('done') });
    let reads = 0;
    const counted = testCall();
    const watched = Object.defineProperty({ ...counted }, 'signal', {
      get: () => {
        reads += 1;
        return counted.signal;
      },
    });
    const task = taskOf(await handler.sendMessage({ message: userMessage('go') }, watched));
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(reads).toBe(0);
  });
});
