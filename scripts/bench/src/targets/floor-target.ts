/**
 * Target: the floor, what any server that keeps tasks must do and nothing more (issue 33 measures Baton against it).
 * The ceiling's bare Hono app, plus per request: new task, context and artifact ids (nanoid, as Baton's), a
 * timestamp, the task with the message in its history kept in a 1,000-task LRU, and for a stream each event
 * serialized once. No validation, no state machine, no event fan-out: a lower bound, not an A2A server.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { nanoid } from 'nanoid';
import { CARD_PATH, chunkData, chunksRequested, JSON_RPC_PATH } from '../workload.ts';
import { announce, portFromEnv } from './announce.ts';
import { fixedCard } from './fixed-card.ts';

interface Message {
  readonly messageId?: string;
  readonly parts?: readonly { readonly text?: string }[];
}

const KEPT_TASKS = 1_000;
const tasks = new Map<string, object>();

function keep(id: string, task: object): void {
  tasks.set(id, task);
  if (tasks.size > KEPT_TASKS) tasks.delete(tasks.keys().next().value as string);
}

const card = fixedCard('Bench floor', 'Keeps tasks, nothing more');

const app = new Hono();
app.get(CARD_PATH, (c) => c.body(card, 200, { 'Content-Type': 'application/json' }));
app.post(JSON_RPC_PATH, async (c) => {
  const request = (await c.req.json()) as { id?: unknown; method?: string; params?: { message?: Message } };
  const message = request.params?.message ?? {};
  const chunks = chunksRequested(message.parts?.[0]?.text);
  const id = nanoid();
  const contextId = nanoid();
  const artifactId = nanoid();
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
  keep(id, task);
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
      artifactUpdate: { taskId: id, contextId, artifact, append: index > 0, lastChunk: index === chunks - 1 },
    });
  }
  body += frame({ statusUpdate: { taskId: id, contextId, status } });
  return c.body(body, 200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
});

serve({ fetch: app.fetch, port: portFromEnv(), hostname: '127.0.0.1' }, (info) => {
  announce(`http://127.0.0.1:${info.port}`);
});
