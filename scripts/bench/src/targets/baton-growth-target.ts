/**
 * Target: Baton for the growth curves (W10). `createA2AServer` as in `baton-target`, except that its in-memory
 * store keeps every task (the default keeps the last 1,000 finished ones), it allows 20,000 open streams (the
 * default is 1,000) and its store is seeded (see `growth-seed.ts`). A message `hold` makes a task that stays
 * working until the server stops, for idle subscribers.
 */
import type { Task } from '@baton/protocol';
import { type AgentExecutor, createA2AServer, createInMemoryTaskStore } from '@baton/server';
import { startA2AServer } from '@baton/server/node';
import { HOLD_TEXT } from '../workload.ts';
import { announce, portFromEnv } from './announce.ts';
import { BENCH_CARD, benchExecutor } from './bench-executor.ts';
import { seedTasks } from './growth-seed.ts';

const store = createInMemoryTaskStore({ maxFinishedTasks: 10_000_000 });
for (const task of seedTasks()) await store.create(task as Task, {});

const executor: AgentExecutor = async (ctx) => {
  if (ctx.text !== HOLD_TEXT) return benchExecutor(ctx);
  await ctx.working();
  const signal = ctx.signal;
  await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
};

const server = createA2AServer({
  card: BENCH_CARD,
  versions: ['1.0'],
  executor,
  store,
  maxOpenStreams: 20_000,
});
const running = await startA2AServer(server, { port: portFromEnv() });
announce(running.url);
