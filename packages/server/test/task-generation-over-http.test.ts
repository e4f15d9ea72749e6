/**
 * The A2A 1.1 draft's task generation behind its extension URI, over real HTTP (JSON-RPC and HTTP+JSON, 1.0):
 * `generation` on tasks and events for a caller that activates it (and nothing for one that does not), a follow-up
 * refused with TaskGenerationMismatch when `ifGenerationMatch` is stale, and GetTask long-polling with
 * `currentGeneration`.
 */
import { ERROR_INFO_TYPE, TASK_GENERATION_EXTENSION } from '@baton/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createA2AServer } from '../src/create-a2a-server.ts';
import { type RunningA2AServer, startA2AServer } from '../src/node.ts';
import { dataOf, idOf, postRpc, record, SseReader } from './support/raw-http.ts';

const EXTENSION = { 'A2A-Extensions': TASK_GENERATION_EXTENSION };

let running: RunningA2AServer;
let rpcUrl: string;
let restUrl: string;
// Each task waits for its gate, after a first chunk, until the test opens it.
const gates = new Map<string, () => void>();

beforeAll(async () => {
  const server = createA2AServer({
    card: { name: 'Generations', description: 'Counts', version: '1.0.0', skills: [] },
    executor: async (ctx) => {
      if (ctx.text === 'ask') {
        const answer = await ctx.requestInput('Which one?');
        await ctx.complete(
          `Picked ${answer.parts.map((part) => ('text' in part ? part.text : '')).join('')}`,
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
    longPollTimeoutMs: 300,
  });
  running = await startA2AServer(server, { port: 0, hostname: '127.0.0.1' });
  rpcUrl = `${running.url}/a2a/jsonrpc`;
  restUrl = `${running.url}/a2a/rest`;
});
afterAll(async () => {
  await running?.close();
});

const message = (text: string, contextId: string, taskId?: string) => ({
  messageId: crypto.randomUUID(),
  contextId,
  ...(taskId ? { taskId } : {}),
  role: 'ROLE_USER',
  parts: [{ text }],
});

async function rpc(method: string, params: unknown, headers: Record<string, string> = {}) {
  const response = await postRpc(rpcUrl, { id: 1, method, params }, { headers });
  return record(await response.json());
}

/** The gate of the task in `contextId`, once its agent waits at it. */
async function gateOf(contextId: string): Promise<() => void> {
  await expect.poll(() => gates.has(contextId)).toBe(true);
  return gates.get(contextId) as () => void;
}

/** Waits (by polling GetTask, no clock) until the task is at `generation`. */
async function atGeneration(taskId: string, generation: number) {
  await expect
    .poll(async () => record((await rpc('GetTask', { id: taskId }, EXTENSION)).result).generation)
    .toBe(generation);
}

describe('the task-generation extension (A2A 1.1 draft)', () => {
  it('is declared on the card', async () => {
    const card = record(await (await fetch(`${running.url}/.well-known/agent-card.json`)).json());
    const extensions = record(card.capabilities).extensions as { uri: string }[];
    expect(extensions.map((entry) => entry.uri)).toContain(TASK_GENERATION_EXTENSION);
  });

  it('puts `generation` in each streamed event for a caller that activates it, equal to the SSE id', async () => {
    const response = await postRpc(
      rpcUrl,
      { id: 7, method: 'SendStreamingMessage', params: { message: message('go', 'stream-on') } },
      { headers: EXTENSION },
    );
    expect(response.headers.get('A2A-Extensions')).toBe(TASK_GENERATION_EXTENSION);
    const reader = new SseReader(response.body);
    const frames: string[] = [];
    for (let frame = await reader.next(); frame !== undefined; frame = await reader.next()) {
      frames.push(frame);
      if (frames.length === 3) (await gateOf('stream-on'))();
    }
    const generations = frames.map((frame) => {
      const result = record(record(dataOf(frame)).result);
      return record(result.task ?? result.statusUpdate ?? result.artifactUpdate).generation;
    });
    expect(generations).toEqual([1, 2, 3, 4, 5]);
    expect(frames.map(idOf)).toEqual(generations);
  });

  it('gives a caller that does not activate it no `generation` field, only the SSE ids', async () => {
    const response = await postRpc(rpcUrl, {
      id: 8,
      method: 'SendStreamingMessage',
      params: { message: message('go', 'stream-off') },
    });
    const reader = new SseReader(response.body);
    const frames: string[] = [];
    for (let frame = await reader.next(); frame !== undefined; frame = await reader.next()) {
      frames.push(frame);
      if (frames.length === 3) (await gateOf('stream-off'))();
    }
    expect(frames.map((frame) => JSON.stringify(dataOf(frame)).includes('"generation"'))).toEqual(
      frames.map(() => false),
    );
    expect(frames.map(idOf)).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses a follow-up whose ifGenerationMatch is stale with -32010, and takes one that matches', async () => {
    const asked = record(
      record((await rpc('SendMessage', { message: message('ask', 'cas') }, EXTENSION)).result).task,
    );
    expect(record(asked.status).state).toBe('TASK_STATE_INPUT_REQUIRED');
    // SUBMITTED (1), then INPUT_REQUIRED (2).
    expect(asked.generation).toBe(2);
    const taskId = String(asked.id);
    const stale = await rpc(
      'SendMessage',
      { message: message('red', 'cas', taskId), configuration: { ifGenerationMatch: 1 } },
      EXTENSION,
    );
    expect(record(stale.error)).toMatchObject({
      code: -32010,
      data: [
        {
          '@type': ERROR_INFO_TYPE,
          reason: 'TASK_GENERATION_MISMATCH',
          domain: 'a2a-protocol.org',
          metadata: { taskId, expectedGeneration: '1', currentGeneration: '2' },
        },
      ],
    });
    // Refused before anything was written: the task still waits, at the same generation.
    const unchanged = record((await rpc('GetTask', { id: taskId }, EXTENSION)).result);
    expect([record(unchanged.status).state, unchanged.generation]).toEqual(['TASK_STATE_INPUT_REQUIRED', 2]);

    const taken = record(
      record(
        (
          await rpc(
            'SendMessage',
            { message: message('blue', 'cas', taskId), configuration: { ifGenerationMatch: 2 } },
            EXTENSION,
          )
        ).result,
      ).task,
    );
    expect(record(taken.status).state).toBe('TASK_STATE_COMPLETED');
    expect(Number(taken.generation)).toBeGreaterThan(2);
  });

  it('answers a stale ifGenerationMatch over HTTP+JSON with 409 ABORTED and its ErrorInfo', async () => {
    const asked = record(
      record((await rpc('SendMessage', { message: message('ask', 'cas-rest') })).result).task,
    );
    const response = await fetch(`${restUrl}/message:send`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/a2a+json', 'A2A-Version': '1.0', ...EXTENSION },
      body: JSON.stringify({
        message: message('red', 'cas-rest', String(asked.id)),
        configuration: { ifGenerationMatch: '7' },
      }),
    });
    expect(response.status).toBe(409);
    const error = record(record(await response.json()).error);
    expect(error).toMatchObject({ code: 409, status: 'ABORTED' });
    expect(error.details).toEqual([
      expect.objectContaining({
        reason: 'TASK_GENERATION_MISMATCH',
        metadata: expect.objectContaining({ expectedGeneration: '7', currentGeneration: '2' }),
      }),
    ]);
  });

  it('long-polls GetTask with currentGeneration: at once when past it, else when the task moves on', async () => {
    const started = record(
      (
        await rpc('SendMessage', {
          message: message('go', 'poll'),
          configuration: { returnImmediately: true },
        })
      ).result,
    );
    const taskId = String(record(started.task).id);
    await atGeneration(taskId, 3); // SUBMITTED, WORKING, the first chunk: the agent waits at its gate

    const atOnce = record((await rpc('GetTask', { id: taskId, currentGeneration: 1 }, EXTENSION)).result);
    expect(atOnce.generation).toBe(3);

    const waiting = rpc('GetTask', { id: taskId, currentGeneration: 3 }, EXTENSION);
    (await gateOf('poll'))();
    const moved = record((await waiting).result);
    expect(Number(moved.generation)).toBeGreaterThan(3);

    // Over HTTP+JSON, on the ended task: at once.
    await atGeneration(taskId, 5);
    const response = await fetch(`${restUrl}/tasks/${taskId}?currentGeneration=5`, {
      headers: { 'A2A-Version': '1.0', ...EXTENSION },
    });
    const ended = record(await response.json());
    expect([record(ended.status).state, ended.generation]).toEqual(['TASK_STATE_COMPLETED', 5]);
  });

  it('answers a long-poll with the task as it is when the wait runs out', async () => {
    const started = record(
      (
        await rpc('SendMessage', {
          message: message('go', 'poll-out'),
          configuration: { returnImmediately: true },
        })
      ).result,
    );
    const taskId = String(record(started.task).id);
    await atGeneration(taskId, 3);
    // The server waits longPollTimeoutMs (300 ms here) for a change that does not come.
    const unchanged = record((await rpc('GetTask', { id: taskId, currentGeneration: 3 }, EXTENSION)).result);
    expect([record(unchanged.status).state, unchanged.generation]).toEqual(['TASK_STATE_WORKING', 3]);
    (await gateOf('poll-out'))();
  });
});
