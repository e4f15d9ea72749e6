/**
 * The floor, what any server that keeps tasks must do and nothing more (issue 33 measures Baton against it):
 * the ceiling's bare Hono app, plus per request new task, context and artifact ids (Baton's own `createId`), a
 * timestamp, the task with the message in its history kept among the newest 1,000, and for a stream each event
 * serialized once. No state machine, no event fan-out: a lower bound, not an A2A server.
 */
import { createId, parseOrThrow, SendMessageRequestSchema } from '@baton/protocol';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { CARD_PATH, chunkData, chunksRequested, JSON_RPC_PATH } from '../workload.ts';
import { announce, portFromEnv } from './announce.ts';
import { fixedCard } from './fixed-card.ts';

interface Message {
  readonly messageId?: string;
  readonly parts?: readonly { readonly text?: string }[];
}

const KEPT_TASKS = 1_000;

/** Options of {@link serveFloor}. */
export interface FloorOptions {
  /**
   * Checks the params with the protocol's SendMessageRequest schema first, as every A2A server must: the validated
   * floor, which shows what validation alone costs against the floor.
   */
  readonly validate: boolean;
  /**
   * Where each finished task goes, awaited before the answer (the durable floor's database write); default the
   * newest 1,000 in memory.
   */
  readonly keep?: (id: string, task: object) => void | Promise<void>;
}

/** Serves the floor. */
export function serveFloor(options: FloorOptions): void {
  // The newest 1,000 tasks: a ring of ids beside the map, so keeping one costs O(1) (a Map used as its own LRU
  // walks past the holes its deletes leave at the front).
  const tasks = new Map<string, object>();
  const ring: (string | undefined)[] = new Array(KEPT_TASKS).fill(undefined);
  let next = 0;
  function keepInMemory(id: string, task: object): void {
    const evicted = ring[next];
    if (evicted !== undefined) tasks.delete(evicted);
    ring[next] = id;
    next = (next + 1) % KEPT_TASKS;
    tasks.set(id, task);
  }

  const keep = options.keep ?? keepInMemory;

  const card = fixedCard('Bench floor', 'Keeps tasks, nothing more');
  const app = new Hono();
  app.get(CARD_PATH, (c) => c.body(card, 200, { 'Content-Type': 'application/json' }));
  app.post(JSON_RPC_PATH, async (c) => {
    const request = (await c.req.json()) as { id?: unknown; method?: string; params?: { message?: Message } };
    const message: Message = options.validate
      ? (parseOrThrow(SendMessageRequestSchema, request.params).message as Message)
      : (request.params?.message ?? {});
    const chunks = chunksRequested(message.parts?.[0]?.text);
    const id = createId();
    const contextId = createId();
    const artifactId = createId();
    const timestamp = new Date().toISOString();
    const parts = Array.from({ length: chunks }, (_, index) => ({ data: chunkData(index) }));
    const status = { state: 'TASK_STATE_COMPLETED', timestamp };
    const task = {
      id,
      contextId,
      status,
      artifacts: [{ artifactId, name: 'rows', parts }],
      history: [message],
    };
    const kept = keep(id, task);
    if (kept) await kept;
    const rpcId = request.id ?? null;
    if (request.method !== 'SendStreamingMessage') {
      return c.body(JSON.stringify({ jsonrpc: '2.0', id: rpcId, result: { task } }), 200, {
        'Content-Type': 'application/json',
      });
    }
    const frame = (result: unknown) => `data: ${JSON.stringify({ jsonrpc: '2.0', id: rpcId, result })}\n\n`;
    let body = frame({
      task: { id, contextId, status: { state: 'TASK_STATE_SUBMITTED', timestamp }, history: [message] },
    });
    for (let index = 0; index < chunks; index++) {
      const artifact = { artifactId, name: 'rows', parts: [parts[index]] };
      body += frame({
        artifactUpdate: {
          taskId: id,
          contextId,
          artifact,
          append: index > 0,
          lastChunk: index === chunks - 1,
        },
      });
    }
    body += frame({ statusUpdate: { taskId: id, contextId, status } });
    return c.body(body, 200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  });

  serve({ fetch: app.fetch, port: portFromEnv(), hostname: '127.0.0.1' }, (info) => {
    announce(`http://127.0.0.1:${info.port}`);
  });
}
