/** Target: Baton, `createA2AServer` with its defaults (in-memory bounded store), served by `startA2AServer`. */
import { createA2AServer } from '@baton/server';
import { startA2AServer } from '@baton/server/node';
import { announce, portFromEnv } from './announce.ts';
import { BENCH_CARD, benchExecutor } from './bench-executor.ts';

const server = createA2AServer({ card: BENCH_CARD, versions: ['1.0'], executor: benchExecutor });
const running = await startA2AServer(server, { port: portFromEnv() });
announce(running.url);
