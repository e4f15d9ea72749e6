/**
 * The A2A 1.1 draft's task generation from the client's side, against a real `@baton/server` on 127.0.0.1 over
 * both 1.0 bindings: activated with `extensions`, tasks and events carry `generation`; a follow-up sent with a stale
 * `ifGenerationMatch` is refused with TaskGenerationMismatchError; `getTask` long-polls with `currentGeneration`.
 */
import { generationOfEvent, isA2AError, type StreamResponse } from '@baton/protocol';
import { createA2AServer } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createA2AClient, eventIdOf, TASK_GENERATION_EXTENSION } from '../src/index.ts';

let running: RunningA2AServer;
const gates = new Map<string, () => void>();

beforeAll(async () => {
  const server = createA2AServer({
    card: { name: 'Generations', description: 'Asks, then streams', version: '1.0.0', skills: [] },
    executor: async (ctx) => {
      if (ctx.text === 'ask') {
        const answer = await ctx.requestInput('Which colour?');
        await ctx.complete(
          `Painted it ${answer.parts.map((part) => ('text' in part ? part.text : '')).join('')}`,
        );
        return;
      }
      await ctx.working();
      const stream = ctx.streamArtifact({ artifactId: 'a' });
      await stream.write('one');
      await new Promise<void>((resolve) => gates.set(ctx.contextId, resolve));
      await stream.end('two');
    },
    logger: { error: () => {}, warn: () => {} },
  });
  running = await startA2AServer(server, { port: 0, hostname: '127.0.0.1' });
});
afterAll(async () => {
  await running?.close();
});

async function openGate(contextId: string) {
  await expect.poll(() => gates.has(contextId)).toBe(true);
  gates.get(contextId)?.();
}

describe.each(['JSONRPC', 'HTTP+JSON'] as const)('the task-generation extension over %s', (binding) => {
  const client = (extensions?: readonly string[]) =>
    createA2AClient({
      agent: running.url,
      preferredBindings: [binding],
      preferredVersions: ['1.0'],
      ...(extensions ? { extensions } : {}),
    });

  it('gives every event its generation, the same as its SSE id, once activated; none without', async () => {
    const on = await client([TASK_GENERATION_EXTENSION]);
    const events: StreamResponse[] = [];
    for await (const event of on.streamMessage('go', { contextId: `${binding}-on` })) {
      events.push(event);
      if (events.length === 3) await openGate(`${binding}-on`);
    }
    expect(events.map(generationOfEvent)).toEqual([1, 2, 3, 4, 5]);
    expect(events.map((event) => Number(eventIdOf(event)))).toEqual([1, 2, 3, 4, 5]);

    const off = await client();
    const plain: StreamResponse[] = [];
    for await (const event of off.streamMessage('go', { contextId: `${binding}-off` })) {
      plain.push(event);
      if (plain.length === 3) await openGate(`${binding}-off`);
    }
    expect(plain.map(generationOfEvent)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(plain.map((event) => Number(eventIdOf(event)))).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses a follow-up with a stale ifGenerationMatch, and takes the one that matches', async () => {
    const a2a = await client([TASK_GENERATION_EXTENSION]);
    const asked = await a2a.sendMessage('ask');
    if (!('task' in asked)) throw new Error('expected a task');
    const { id, generation } = asked.task;
    expect(generation).toBe(2);
    const refused = await a2a
      .sendMessage('red', { taskId: id, ifGenerationMatch: 1 })
      .catch((error: unknown) => error);
    expect(isA2AError(refused, 'TaskGenerationMismatchError')).toBe(true);
    expect(refused).toMatchObject({ metadata: { expectedGeneration: '1', currentGeneration: '2' } });
    const taken = await a2a.sendMessage('blue', { taskId: id, ifGenerationMatch: 2 });
    expect('task' in taken && taken.task.status.state).toBe('TASK_STATE_COMPLETED');
  });

  it('long-polls getTask with currentGeneration until the task moves on', async () => {
    const a2a = await client([TASK_GENERATION_EXTENSION]);
    const started = await a2a.sendMessage('go', { contextId: `${binding}-poll`, returnImmediately: true });
    if (!('task' in started)) throw new Error('expected a task');
    const taskId = started.task.id;
    await expect.poll(async () => (await a2a.getTask(taskId)).generation).toBe(3);
    const waiting = a2a.getTask({ id: taskId, currentGeneration: 3 });
    await openGate(`${binding}-poll`);
    expect((await waiting).generation).toBeGreaterThan(3);
  });
});
