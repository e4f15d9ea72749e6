/** The bench agent's logic, shared by every Baton target: N data chunks, then completed. */
import type { AgentExecutor } from '@baton/server';
import { chunkData, chunksRequested } from '../workload.ts';

export const BENCH_CARD = {
  name: 'Bench agent',
  description: 'Emits N data chunks, then completes',
  version: '1.0.0',
  skills: [],
};

export const benchExecutor: AgentExecutor = async (ctx) => {
  const chunks = chunksRequested(ctx.text);
  const stream = ctx.streamArtifact({ name: 'rows' });
  for (let index = 0; index < chunks - 1; index++) await stream.write({ data: chunkData(index) });
  await stream.end({ data: chunkData(chunks - 1) });
  await ctx.complete();
};
