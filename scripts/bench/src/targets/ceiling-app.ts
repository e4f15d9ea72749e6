/**
 * The ceiling's app: a bare Hono app that parses the JSON-RPC body and answers a fixed result (a completed task,
 * or for a stream the same events as SSE frames, serialized per request and sent as one body). No A2A logic at
 * all. Served by `hono-target.ts` on Node and `portable-hono-target.ts` on Bun and Deno.
 */
import { Hono } from 'hono';
import { CARD_PATH, chunkData, chunksRequested, JSON_RPC_PATH } from '../workload.ts';
import { fixedCard } from './fixed-card.ts';

const ids = { taskId: 'task-fixed', contextId: 'context-fixed' };
const completed = { state: 'TASK_STATE_COMPLETED', timestamp: '2026-11-21T00:00:00.000Z' };
const rows = (chunks: number) => Array.from({ length: chunks }, (_, index) => ({ data: chunkData(index) }));

const results = new Map<number, string>();
function taskResult(chunks: number): string {
  let result = results.get(chunks);
  if (result === undefined) {
    const artifacts = [{ artifactId: 'rows', name: 'rows', parts: rows(chunks) }];
    result = JSON.stringify({
      task: { id: ids.taskId, contextId: ids.contextId, status: completed, artifacts },
    });
    results.set(chunks, result);
  }
  return result;
}

// Objects built field by field, never by spreading `ids`: V8 gives an object literal that spreads and then adds
// fields a slow shape, and JSON.stringify of such objects took three times as long (W3's 52 frames: 346 µs against
// 118 µs per stream in a micro-benchmark), which made the ceiling slower than the floor on streams.
function frames(id: unknown, chunks: number): string {
  const { taskId, contextId } = ids;
  const frame = (result: unknown) => `data: ${JSON.stringify({ jsonrpc: '2.0', id, result })}\n\n`;
  let body = frame({ task: { id: taskId, contextId, status: { state: 'TASK_STATE_SUBMITTED' } } });
  for (let index = 0; index < chunks; index++) {
    const artifact = { artifactId: 'rows', name: 'rows', parts: [{ data: chunkData(index) }] };
    const lastChunk = index === chunks - 1;
    body += frame({ artifactUpdate: { taskId, contextId, artifact, append: index > 0, lastChunk } });
  }
  return body + frame({ statusUpdate: { taskId, contextId, status: completed } });
}

const card = fixedCard('Bench ceiling', 'Fixed answers');

/** The ceiling's routes. */
export const app = new Hono();
app.get(CARD_PATH, (c) => c.body(card, 200, { 'Content-Type': 'application/json' }));
app.post(JSON_RPC_PATH, async (c) => {
  const request = (await c.req.json()) as {
    id?: unknown;
    method?: string;
    params?: { message?: { parts?: { text?: string }[] } };
  };
  const chunks = chunksRequested(request.params?.message?.parts?.[0]?.text);
  if (request.method === 'SendStreamingMessage') {
    return c.body(frames(request.id ?? null, chunks), 200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
    });
  }
  const body = `{"jsonrpc":"2.0","id":${JSON.stringify(request.id ?? null)},"result":${taskResult(chunks)}}`;
  return c.body(body, 200, { 'Content-Type': 'application/json' });
});
