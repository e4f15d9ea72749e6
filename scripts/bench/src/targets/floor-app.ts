/**
 * The floor, what any server that keeps tasks must do and nothing more (issue 33 measures Baton against it):
 * the ceiling's bare Hono app, plus per request new task, context and artifact ids (Baton's own `createId`), a
 * timestamp, the task with the message in its history kept among the newest 1,000, and for a stream each event
 * serialized once. No state machine, no event fan-out: a lower bound, not an A2A server.
 */
import { parseOrThrow, SendMessageRequestSchema } from '@baton/protocol';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { CARD_PATH, JSON_RPC_PATH } from '../workload.ts';
import { announce, portFromEnv } from './announce.ts';
import { fixedCard } from './fixed-card.ts';
import { createKeptTasks, type FloorMessage, floorEvents, floorTask } from './floor-work.ts';

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
  const keep: NonNullable<FloorOptions['keep']> = options.keep ?? createKeptTasks();

  const card = fixedCard('Bench floor', 'Keeps tasks, nothing more');
  const app = new Hono();
  app.get(CARD_PATH, (c) => c.body(card, 200, { 'Content-Type': 'application/json' }));
  app.post(JSON_RPC_PATH, async (c) => {
    const request = (await c.req.json()) as {
      id?: unknown;
      method?: string;
      params?: { message?: FloorMessage };
    };
    const message: FloorMessage = options.validate
      ? (parseOrThrow(SendMessageRequestSchema, request.params).message as FloorMessage)
      : (request.params?.message ?? {});
    const made = floorTask(message);
    const { task } = made;
    const kept = keep(task.id, task);
    if (kept) await kept;
    const rpcId = request.id ?? null;
    if (request.method !== 'SendStreamingMessage') {
      return c.body(JSON.stringify({ jsonrpc: '2.0', id: rpcId, result: { task } }), 200, {
        'Content-Type': 'application/json',
      });
    }
    const frame = (result: unknown) => `data: ${JSON.stringify({ jsonrpc: '2.0', id: rpcId, result })}\n\n`;
    let body = '';
    for (const event of floorEvents(made)) body += frame(event);
    return c.body(body, 200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  });

  serve({ fetch: app.fetch, port: portFromEnv(), hostname: '127.0.0.1' }, (info) => {
    announce(`http://127.0.0.1:${info.port}`);
  });
}
