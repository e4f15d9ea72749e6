import { describe, expect, it, vi } from 'vitest';
import { SHUTDOWN_MESSAGE } from '../task/shut-down-executions.ts';
import {
  retryAfterOf,
  SHUTTING_DOWN,
  TOO_MANY_STREAMS,
  TOO_MANY_TASKS,
} from '../vocabulary/overload-error.ts';
import { createRequestHandler } from './create-request-handler.ts';
import {
  collect,
  deferred,
  describeEvents,
  errorOf,
  recordingLogger,
  taskOf,
  testCall,
  textOf,
  userMessage,
} from './test-support/test-kit.ts';

const call = testCall();
const immediately = { returnImmediately: true };

describe('maxRunningTasks', () => {
  it('refuses a send beyond the limit before anything is created, and frees slots when tasks end', async () => {
    const gate = deferred();
    const handler = createRequestHandler({
      maxRunningTasks: 2,
      executor: async (ctx) => {
        await ctx.working();
        await gate.promise;
      },
    });
    const held: string[] = [];
    for (const text of ['a', 'b']) {
      const response = await handler.sendMessage(
        { message: userMessage(text), configuration: immediately },
        call,
      );
      held.push(taskOf(response).id);
    }
    const refused = await errorOf(handler.sendMessage({ message: userMessage('c') }, call));
    expect(refused).toMatchObject({ code: -32603, reason: TOO_MANY_TASKS });
    expect(refused.message).toBe('The agent is running its maximum of 2 tasks; retry later');
    expect(retryAfterOf(refused)).toBe(1);
    expect((await handler.listTasks({}, call)).tasks).toHaveLength(2);
    expect((await errorOf(handler.sendStreamingMessage({ message: userMessage('d') }, call))).reason).toBe(
      TOO_MANY_TASKS,
    );
    expect((await handler.listTasks({}, call)).tasks).toHaveLength(2);

    gate.resolve();
    for (const id of held) {
      await vi.waitFor(async () =>
        expect((await handler.getTask({ id }, call)).status.state).toBe('TASK_STATE_COMPLETED'),
      );
    }
    // N more, one after the other, all complete: nothing leaked.
    for (let round = 0; round < 3; round += 1) {
      const done = await Promise.all(
        ['e', 'f'].map((t) => handler.sendMessage({ message: userMessage(t) }, call)),
      );
      expect(done.map((r) => taskOf(r).status.state)).toEqual([
        'TASK_STATE_COMPLETED',
        'TASK_STATE_COMPLETED',
      ]);
    }
  });

  it('frees the slot of canceled, failed and directly answered executions', async () => {
    const handler = createRequestHandler({
      maxRunningTasks: 1,
      logger: recordingLogger(),
      executor: async (ctx) => {
        if (ctx.text === 'reply') return 'hi';
        if (ctx.text === 'fail') throw new Error('boom');
        await ctx.working();
        return new Promise<undefined>(() => undefined); // ignores its signal
      },
    });
    const hung = taskOf(
      await handler.sendMessage({ message: userMessage('x'), configuration: immediately }, call),
    );
    await handler.cancelTask({ id: hung.id }, call);
    expect('message' in (await handler.sendMessage({ message: userMessage('reply') }, call))).toBe(true);
    const failed = taskOf(await handler.sendMessage({ message: userMessage('fail') }, call));
    expect(failed.status.state).toBe('TASK_STATE_FAILED');
    const next = await handler.sendMessage({ message: userMessage('x'), configuration: immediately }, call);
    expect(taskOf(next).status.state).not.toBe('TASK_STATE_FAILED');
  });

  it('lets a follow-up resume the execution waiting for input at the limit, and counts a new one', async () => {
    const handler = createRequestHandler({
      maxRunningTasks: 1,
      executor: async (ctx) => {
        const answer = await ctx.requestInput('?');
        await ctx.complete(`got ${textOf(answer.parts)}`);
      },
    });
    const asked = taskOf(await handler.sendMessage({ message: userMessage('x') }, call));
    expect(asked.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    expect((await errorOf(handler.sendMessage({ message: userMessage('y') }, call))).reason).toBe(
      TOO_MANY_TASKS,
    );
    const resumed = taskOf(
      await handler.sendMessage({ message: userMessage('yes', { taskId: asked.id }) }, call),
    );
    expect(resumed.status.state).toBe('TASK_STATE_COMPLETED');
    const again = taskOf(await handler.sendMessage({ message: userMessage('z') }, call));
    expect(again.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
  });
});

describe('maxOpenStreams', () => {
  it('refuses a stream beyond the limit and frees the slot when a stream ends or its client leaves', async () => {
    const gate = deferred();
    const handler = createRequestHandler({
      maxOpenStreams: 1,
      executor: async (ctx) => {
        await ctx.working();
        await gate.promise;
      },
    });
    const leaving = new AbortController();
    const first = await handler.sendStreamingMessage(
      { message: userMessage('a') },
      testCall({ signal: leaving.signal }),
    );
    const tasksBefore = (await handler.listTasks({}, call)).tasks.length;
    const refused = await errorOf(handler.sendStreamingMessage({ message: userMessage('b') }, call));
    expect(refused).toMatchObject({ code: -32603, reason: TOO_MANY_STREAMS });
    expect((await handler.listTasks({}, call)).tasks).toHaveLength(tasksBefore);
    const [task] = (await handler.listTasks({}, call)).tasks;
    const subscribe = () => handler.subscribeToTask({ id: task?.id ?? '' }, call);
    expect((await errorOf(subscribe())).reason).toBe(TOO_MANY_STREAMS);

    leaving.abort(); // the client disconnects
    const second = await subscribe();
    expect((await errorOf(subscribe())).reason).toBe(TOO_MANY_STREAMS);
    gate.resolve();
    expect(describeEvents(await collect(second)).at(-1)).toBe('status:TASK_STATE_COMPLETED');
    void first;
    const third = await handler.sendStreamingMessage({ message: userMessage('c') }, call);
    expect(describeEvents(await collect(third)).at(-1)).toBe('status:TASK_STATE_COMPLETED');
  });
});

describe('close', () => {
  it('refuses new sends and streams, cancels what outlives the deadline, and runs beforeExit in what is left', async () => {
    const handler = createRequestHandler({
      logger: recordingLogger(),
      executor: async (ctx) => {
        await ctx.working();
        if (ctx.text === 'quick') await new Promise((resolve) => setTimeout(resolve, 20));
        else await new Promise(() => undefined);
      },
    });
    const quick = taskOf(
      await handler.sendMessage({ message: userMessage('quick'), configuration: immediately }, call),
    );
    const stream = await handler.sendStreamingMessage({ message: userMessage('slow') }, call);
    const events = collect(stream);
    const calls: number[] = [];
    const closing = handler.close({
      deadlineMs: 300,
      exitReserveMs: 100,
      beforeExit: async (remainingMs) => {
        calls.push(remainingMs);
      },
    });
    const refused = await errorOf(handler.sendMessage({ message: userMessage('late') }, call));
    expect(refused).toMatchObject({
      code: -32603,
      reason: SHUTTING_DOWN,
      message: 'The server is shutting down',
    });
    expect((await errorOf(handler.subscribeToTask({ id: quick.id }, call))).reason).toBe(SHUTTING_DOWN);
    await closing;
    expect(calls).toHaveLength(1);
    expect(calls[0]).toBeGreaterThan(0);
    expect(calls[0]).toBeLessThanOrEqual(100);
    expect((await handler.getTask({ id: quick.id }, call)).status.state).toBe('TASK_STATE_COMPLETED');
    const seen = await events;
    const last = seen.at(-1);
    expect(describeEvents(seen).at(-1)).toBe('status:TASK_STATE_CANCELED');
    expect(last && 'statusUpdate' in last ? textOf(last.statusUpdate.status.message?.parts) : '').toBe(
      SHUTDOWN_MESSAGE,
    );
  });

  it('ends streams on tasks waiting for input when it is done', async () => {
    const handler = createRequestHandler({ executor: (ctx) => ctx.requestInput('?').then(() => undefined) });
    const asked = taskOf(await handler.sendMessage({ message: userMessage('x') }, call));
    const stream = await handler.subscribeToTask({ id: asked.id }, call);
    const events = collect(stream);
    await handler.close({ deadlineMs: 50 });
    expect(describeEvents(await events)).toEqual(['task:TASK_STATE_INPUT_REQUIRED']);
  });
});
