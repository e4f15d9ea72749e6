/** A Baton agent served over HTTP and gRPC on loopback, for the tests. */
import { A2AError } from '@baton/protocol';
import { type A2AServerOptions, type AgentExecutor, createA2AServer } from '@baton/server';
import { startA2AServer } from '@baton/server/node';
import { type RunningGrpcServer, startGrpcServer } from '../src/start-grpc-server.ts';

/**
 * The test agent: `chunks:N` streams N data chunks then completes; `ask` asks for input and completes with the
 * answer; `slow` works until canceled; `refuse` throws an A2AError before any event.
 */
export const testExecutor: AgentExecutor = async (ctx) => {
  const text = ctx.text;
  if (text === 'refuse') throw A2AError.unsupportedOperation('This agent refuses that');
  if (text === 'ask') {
    const answer = await ctx.requestInput('Which colour?');
    await ctx.complete(`You chose ${answer.parts.map((part) => ('text' in part ? part.text : '')).join('')}`);
    return;
  }
  if (text === 'slow') {
    await ctx.working('Working on it');
    await new Promise<void>((resolve) => {
      if (ctx.signal.aborted) resolve();
      ctx.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    return;
  }
  const chunks = Number(/^chunks:(\d+)$/.exec(text)?.[1] ?? 1);
  const stream = ctx.streamArtifact({ name: 'rows' });
  for (let index = 0; index < chunks - 1; index++)
    await stream.write({ data: { index, nested: [index, null] } });
  await stream.end({ data: { index: chunks - 1, nested: [chunks - 1, null] } });
  await ctx.complete();
};

export interface ServedAgent {
  readonly httpUrl: string;
  readonly grpc: RunningGrpcServer;
  close(): Promise<void>;
}

/** Serves the test agent (or `options`' executor) on both transports. */
export async function serveAgent(options: Partial<A2AServerOptions> = {}): Promise<ServedAgent> {
  const server = createA2AServer({
    card: { name: 'gRPC test agent', description: 'Answers over gRPC', version: '1.0.0', skills: [] },
    executor: testExecutor,
    grpc: {},
    ...options,
  });
  const http = await startA2AServer(server);
  const grpc = await startGrpcServer(server, { shutdownDeadlineMs: 500 });
  return {
    httpUrl: http.url,
    grpc,
    close: async () => {
      await grpc.close();
      await http.close();
    },
  };
}
