import type { Message, Task } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import type { AgentExecutor } from '../executor/agent-executor.ts';
import { createInMemoryTaskStore } from '../store/in-memory-task-store.ts';
import type { TaskStore } from '../store/task-store.ts';
import { createRequestHandler } from './create-request-handler.ts';
import {
  collect,
  describeEvents,
  recordingLogger,
  taskOf,
  testCall,
  textOf,
  userMessage,
} from './test-support/test-kit.ts';

const call = testCall();

/** The in-memory store behind promises (as a database is), counting the reads. */
function storeAHopAway(): {
  store: TaskStore;
  reads: () => number;
  creates: { plain: number; withFirst: number };
} {
  const inner = createInMemoryTaskStore();
  let reads = 0;
  const creates = { plain: 0, withFirst: 0 };
  const store: TaskStore = {
    create: async (task, scope) => {
      creates.plain += 1;
      inner.create(task, scope);
    },
    get: async (taskId, options) => {
      reads += 1;
      return inner.get(taskId, options);
    },
    setStatus: async (taskId, status) => inner.setStatus(taskId, status),
    addMessage: async (taskId, message) => inner.addMessage(taskId, message),
    appendArtifact: async (taskId, artifact, chunk) => inner.appendArtifact(taskId, artifact, chunk),
    list: async (query) => inner.list(query),
    // What a database does in one statement, here as the writes it stands for.
    createWith: async (task, scope, first) => {
      creates.withFirst += 1;
      inner.create(task, scope);
      if ('artifact' in first) return inner.appendArtifact(task.id, first.artifact, first.chunk);
      if (first.message) inner.addMessage(task.id, first.message);
      return inner.setStatus(task.id, first.status);
    },
  };
  return { store, reads: () => reads, creates };
}

const executors: Record<string, AgentExecutor> = {
  'completes at once': async () => undefined,
  'streams an artifact in chunks, replaces one, and completes with a message': async (ctx) => {
    await ctx.working('on it');
    await ctx.addArtifact({ name: 'summary', artifactId: 's', parts: 'first' });
    await ctx.addArtifact({ name: 'summary', artifactId: 's', parts: 'second' });
    const stream = ctx.streamArtifact({ name: 'report', artifactId: 'r' });
    await stream.write('one ');
    await stream.write({ data: { two: 2 } });
    await stream.end('three');
    await ctx.complete('done');
  },
  'fails with a message': async () => {
    throw new Error('boom');
  },
  'asks for input': async (ctx) => {
    await ctx.working();
    const answer = await ctx.requestInput('Which one?');
    await ctx.addArtifact({ name: 'answer', parts: textOf(answer.parts) });
    await ctx.complete(`got ${textOf(answer.parts)}`);
  },
};

describe('a blocking send on a store a hop away is answered from its own events', () => {
  for (const [name, executor] of Object.entries(executors)) {
    for (const historyLength of [undefined, 0, 1, 2]) {
      it(`${name}, historyLength ${historyLength}: the same task a read gives, without reading`, async () => {
        const { store, reads } = storeAHopAway();
        const handler = createRequestHandler({ executor, store, logger: recordingLogger() });
        const configuration = historyLength === undefined ? {} : { configuration: { historyLength } };
        let sent = taskOf(await handler.sendMessage({ message: userMessage('go'), ...configuration }, call));
        expect(reads()).toBe(0);
        expect(sent).toEqual(await handler.getTask({ id: sent.id, historyLength }, call));
        if (sent.status.state !== 'TASK_STATE_INPUT_REQUIRED') return;
        const followUp: Message = userMessage('that one', { taskId: sent.id });
        sent = taskOf(await handler.sendMessage({ message: followUp, ...configuration }, call));
        expect(sent.status.state).toBe('TASK_STATE_COMPLETED');
        expect(sent).toEqual(await handler.getTask({ id: sent.id, historyLength }, call));
      });
    }
  }

  it('a message sent again while its task waits for input gets the task once, its question not doubled', async () => {
    const { store } = storeAHopAway();
    const handler = createRequestHandler({ executor: executors['asks for input'] as AgentExecutor, store });
    const message = userMessage('go');
    const first = taskOf(await handler.sendMessage({ message }, call));
    const again = taskOf(await handler.sendMessage({ message }, call));
    expect(again).toEqual(first);
    expect(again.history?.map((entry: Message) => textOf(entry.parts))).toEqual(['go', 'Which one?']);
  });

  it('streams the same events as the store in memory: the task, then its first write', async () => {
    const run = async (store: TaskStore | undefined) => {
      const handler = createRequestHandler({
        executor: executors['asks for input'] as AgentExecutor,
        ...(store ? { store } : {}),
      });
      return describeEvents(
        await collect(await handler.sendStreamingMessage({ message: userMessage('go') }, call)),
      );
    };
    const inMemory = await run(undefined);
    expect(inMemory).toEqual([
      'task:TASK_STATE_SUBMITTED',
      'status:TASK_STATE_WORKING',
      'status:TASK_STATE_INPUT_REQUIRED',
    ]);
    const hopAway = storeAHopAway();
    expect(await run(hopAway.store)).toEqual(inMemory);
    // The task and its first status went to the store as one write.
    expect(hopAway.creates).toEqual({ plain: 0, withFirst: 1 });
  });

  it('with returnImmediately, answers with the new task as it was created', async () => {
    const { store } = storeAHopAway();
    const handler = createRequestHandler({ executor: executors['asks for input'] as AgentExecutor, store });
    const sent: Task = taskOf(
      await handler.sendMessage(
        { message: userMessage('go'), configuration: { returnImmediately: true } },
        call,
      ),
    );
    expect(sent.status.state).toBe('TASK_STATE_SUBMITTED');
    expect(sent.history?.map((entry) => textOf(entry.parts))).toEqual(['go']);
  });
});
