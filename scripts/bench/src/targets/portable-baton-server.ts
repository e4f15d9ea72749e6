/**
 * Target on Bun or Deno (run from source: both compile TypeScript themselves): Baton as the Node target has it,
 * served by `startA2AServer` from `@baton/server/bun` or `@baton/server/deno`, as users of those runtimes would.
 */
import { createA2AServer } from '@baton/server';
import { announce, portFromEnv } from './announce.ts';
import { BENCH_CARD, benchExecutor } from './bench-executor.ts';

const { startA2AServer } =
  'Bun' in globalThis ? await import('@baton/server/bun') : await import('@baton/server/deno');
const server = createA2AServer({ card: BENCH_CARD, versions: ['1.0'], executor: benchExecutor });
const running = await startA2AServer(server, { port: portFromEnv() });
announce(running.url);
