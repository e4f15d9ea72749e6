import { isA2AError, type StreamResponse } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { createEventHub } from '../vocabulary/event-hub.ts';
import { createRequestHandler } from './create-request-handler.ts';
import {
  collect,
  deferred,
  describeEvents,
  eventually,
  testCall,
  textOf,
  userMessage,
} from './test-support/test-kit.ts';

const call = testCall();

function taskIdOf(event: StreamResponse | undefined): string {
  if (!event || !('task' in event)) throw new Error('expected a task event first');
  return event.task.id;
}

describe('sendStreamingMessage', () => {
  it('streams the Task first, then a chunked artifact in order, and ends at completion', async () => {
    const handler = createRequestHandler({
      executor: async (ctx) => {
        await ctx.working();
        const stream = ctx.streamArtifact({ name: 'story' });
        await stream.write('a');
        await stream.write('b');
        await stream.end('c');
        await ctx.complete();
      },
    });
    const events = await collect(await handler.sendStreamingMessage({ message: userMessage('go') }, call));
    expect(describeEvents(events)).toEqual([
      'task:TASK_STATE_SUBMITTED',
      'status:TASK_STATE_WORKING',
      'artifact:a',
      'artifact:+b',
      'artifact:+c!',
      'status:TASK_STATE_COMPLETED',
    ]);
    const first = events[2];
    expect(first && 'artifactUpdate' in first && first.artifactUpdate.artifact.name).toBe('story');
  });

  it('keeps the order of chunks the executor does not await', async () => {
    const handler = createRequestHandler({
      executor: (ctx) => {
        const stream = ctx.streamArtifact();
        for (let i = 0; i < 20; i += 1) void stream.write(String(i % 10));
        return stream.end('!');
      },
    });
    const events = await collect(await handler.sendStreamingMessage({ message: userMessage('go') }, call));
    const chunks = events.flatMap((e) =>
      'artifactUpdate' in e ? [textOf(e.artifactUpdate.artifact.parts)] : [],
    );
    expect(chunks.join('')).toBe('01234567890123456789!');
  });

  it('streams a direct answer as exactly one Message', async () => {
    const handler = createRequestHandler({ executor: () => 'hello' });
    const events = await collect(await handler.sendStreamingMessage({ message: userMessage('hi') }, call));
    expect(describeEvents(events)).toEqual(['message:hello']);
  });

  it('ends the stream at input-required and streams the resumed task from a Task snapshot', async () => {
    const handler = createRequestHandler({
      executor: async (ctx) => {
        const answer = await ctx.requestInput('name?');
        await ctx.complete(`hi ${textOf(answer.parts)}`);
      },
    });
    const first = await collect(await handler.sendStreamingMessage({ message: userMessage('x') }, call));
    expect(describeEvents(first)).toEqual(['task:TASK_STATE_SUBMITTED', 'status:TASK_STATE_INPUT_REQUIRED']);
    const taskId = taskIdOf(first[0]);
    const second = await collect(
      await handler.sendStreamingMessage({ message: userMessage('Ada', { taskId }) }, call),
    );
    expect(describeEvents(second)).toEqual(['task:TASK_STATE_WORKING', 'status:TASK_STATE_COMPLETED']);
  });

  it('ends the stream at auth-required too', async () => {
    const handler = createRequestHandler({
      executor: (ctx) => ctx.requestAuth('sign in').then(() => undefined),
    });
    const events = await collect(await handler.sendStreamingMessage({ message: userMessage('x') }, call));
    expect(describeEvents(events).at(-1)).toBe('status:TASK_STATE_AUTH_REQUIRED');
  });

  it('rejects before streaming when the task is unknown or terminal', async () => {
    const handler = createRequestHandler({ executor: (ctx) => ctx.complete() });
    const unknown = await handler
      .sendStreamingMessage({ message: userMessage('x', { taskId: 'nope' }) }, call)
      .catch((e: unknown) => e);
    expect(isA2AError(unknown, 'TaskNotFoundError')).toBe(true);
  });

  it('answers UnsupportedOperation when streaming is turned off', async () => {
    const handler = createRequestHandler({ executor: () => 'x', streaming: false });
    for (const attempt of [
      handler.sendStreamingMessage({ message: userMessage('x') }, call),
      handler.subscribeToTask({ id: 'any' }, call),
    ]) {
      expect(isA2AError(await attempt.catch((e: unknown) => e), 'UnsupportedOperationError')).toBe(true);
    }
  });
});

describe('subscribeToTask', () => {
  function gatedHandler() {
    const hub = createEventHub();
    const gate = deferred();
    const handler = createRequestHandler({
      hub,
      executor: async (ctx) => {
        await ctx.working();
        await gate.promise;
        const stream = ctx.streamArtifact({ artifactId: 'a' });
        await stream.write('1');
        await stream.end('2');
        await ctx.complete('done');
      },
    });
    return { hub, gate, handler };
  }

  async function startTask(handler: ReturnType<typeof gatedHandler>['handler']): Promise<string> {
    const response = await handler.sendMessage(
      { message: userMessage('x'), configuration: { returnImmediately: true } },
      call,
    );
    if (!('task' in response)) throw new Error('expected a task');
    return response.task.id;
  }

  it('starts with the current Task, and every subscriber sees the same events in the same order', async () => {
    const { handler, gate, hub } = gatedHandler();
    const taskId = await startTask(handler);
    await eventually(() => hub.listenerCount(taskId) === 0);
    const one = collect(await handler.subscribeToTask({ id: taskId }, call));
    const two = collect(await handler.subscribeToTask({ id: taskId }, call));
    expect(hub.listenerCount(taskId)).toBe(2);
    gate.resolve();
    const [a, b] = await Promise.all([one, two]);
    expect(describeEvents(a)).toEqual([
      'task:TASK_STATE_WORKING',
      'artifact:1',
      'artifact:+2!',
      'status:TASK_STATE_COMPLETED',
    ]);
    expect(b).toEqual(a);
    // Fanned out without copies: the very same event objects.
    expect(b[1]).toBe(a[1]);
    expect(hub.listenerCount(taskId)).toBe(0);
  });

  it('lets a subscriber break out without canceling the task, leaving no listener behind', async () => {
    const { handler, gate, hub } = gatedHandler();
    const taskId = await startTask(handler);
    const stream = await handler.subscribeToTask({ id: taskId }, call);
    for await (const event of stream) {
      expect('task' in event).toBe(true);
      break;
    }
    expect(hub.listenerCount(taskId)).toBe(0);
    gate.resolve();
    await expect
      .poll(async () => (await handler.getTask({ id: taskId }, call)).status.state)
      .toBe('TASK_STATE_COMPLETED');
  });

  it('releases the listener when the caller goes away', async () => {
    const { handler, gate, hub } = gatedHandler();
    const taskId = await startTask(handler);
    const controller = new AbortController();
    const stream = await handler.subscribeToTask({ id: taskId }, testCall({ signal: controller.signal }));
    expect(hub.listenerCount(taskId)).toBe(1);
    controller.abort();
    expect(hub.listenerCount(taskId)).toBe(0);
    expect(describeEvents(await collect(stream))).toEqual([]);
    gate.resolve();
  });

  it('answers UnsupportedOperation for a terminal task and TaskNotFound for an unknown one', async () => {
    const handler = createRequestHandler({ executor: (ctx) => ctx.complete() });
    const response = await handler.sendMessage({ message: userMessage('x') }, call);
    const id = 'task' in response ? response.task.id : '';
    const terminal = await handler.subscribeToTask({ id }, call).catch((e: unknown) => e);
    expect(isA2AError(terminal, 'UnsupportedOperationError')).toBe(true);
    const unknown = await handler.subscribeToTask({ id: 'nope' }, call).catch((e: unknown) => e);
    expect(isA2AError(unknown, 'TaskNotFoundError')).toBe(true);
  });

  it('keeps a subscriber to a task waiting for input until the task moves on', async () => {
    const handler = createRequestHandler({
      executor: async (ctx) => {
        await ctx.requestInput('?');
        await ctx.complete();
      },
    });
    const response = await handler.sendMessage({ message: userMessage('x') }, call);
    const taskId = 'task' in response ? response.task.id : '';
    const watching = collect(await handler.subscribeToTask({ id: taskId }, call));
    await handler.sendMessage({ message: userMessage('y', { taskId }) }, call);
    expect(describeEvents(await watching)).toEqual([
      'task:TASK_STATE_INPUT_REQUIRED',
      'status:TASK_STATE_WORKING',
      'status:TASK_STATE_COMPLETED',
    ]);
  });
});
