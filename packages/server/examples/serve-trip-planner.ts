/** Serves the trip planner on 127.0.0.1 (port from `PORT`, default 4000) until Ctrl-C. */
import { startA2AServer } from '../src/node.ts';
import { createTripPlanner } from './trip-planner.ts';

const running = await startA2AServer(createTripPlanner(), { port: Number(process.env.PORT ?? 4000) });
console.log(`Trip planner agent listening on ${running.url} (Ctrl-C to stop)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void running.close());
