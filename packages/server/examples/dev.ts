/**
 * The server demo (`pnpm --filter @baton/server demo`): a trip-planning agent on 127.0.0.1 and a short
 * A2A 1.0 conversation with it over JSON-RPC and SSE, printed step by step.
 */
import { startA2AServer } from '../src/node.ts';
import { converse } from './converse.ts';
import { createTripPlanner } from './trip-planner.ts';

const running = await startA2AServer(createTripPlanner());
console.log(`Trip planner agent listening on ${running.url}\n`);
for (const line of await converse(running.url)) console.log(line);
await running.close();
