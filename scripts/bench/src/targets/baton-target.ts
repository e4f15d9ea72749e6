/** Target: Baton, `createA2AServer` with its defaults (in-memory bounded store), served by `startA2AServer`. */
import { createA2AServer } from '@baton/server';
import { startA2AServer } from '@baton/server/node';
import { chunkData, chunksRequested } from '../workload.ts';
import { announce, portFromEnv } from './announce.ts';

const server = createA2AServer({
  card: {
    name: 'Bench agent',
    description: 'Emits N data chunks, then completes',
    version: '1.0.0',
    skills: [],
  },
  versions: ['1.0'],
  executor: async (ctx) => {
    const chunks = chunksRequested(ctx.text);
    const stream = ctx.streamArtifact({ name: 'rows' });
    for (let index = 0; index < chunks - 1; index++) await stream.write({ data: chunkData(index) });
    await stream.end({ data: chunkData(chunks - 1) });
    await ctx.complete();
  },
});
const running = await startA2AServer(server, { port: portFromEnv() });
announce(running.url);
