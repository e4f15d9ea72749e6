/**
 * A connection cut in the middle of a stream: a proxy on 127.0.0.1 forwards to a real `@baton/server` and
 * destroys the socket after a few SSE events. The default streaming helper resubscribes with the last event's id
 * (`Last-Event-ID`) and the caller sees every remaining event exactly once, and the terminal state.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { StreamResponse } from '@baton/protocol';
import { type AgentExecutor, createA2AServer } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createA2AClient } from '../src/client/index.ts';
import { isA2AClientError } from '../src/errors/client-error.ts';
import { HTTP_INTERFACES } from './support/http-interfaces.ts';

const LINES = 8;
const executor: AgentExecutor = async (ctx) => {
  await ctx.working('On it');
  const stream = ctx.streamArtifact({ name: 'lines' });
  for (let i = 1; i < LINES; i++) {
    await new Promise((resolve) => setTimeout(resolve, 30));
    await stream.write(`line ${i}\n`);
  }
  await stream.end(`line ${LINES}\n`);
  await ctx.complete('Done');
};

/** Forwards TCP to `target`; the first SSE response it sees is cut after `cutAfter` data frames. */
function startCuttingProxy(
  target: number,
): Promise<{ server: Server; port: number; arm(n: number): void; cuts: number }> {
  const state = { armedAfter: 0, cuts: 0 };
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createNodeConnection(target);
    sockets.add(client).add(upstream);
    let sse = false;
    let frames = 0;
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      if (text.includes('text/event-stream')) sse = true;
      if (sse) frames += text.split('data:').length - 1;
      client.write(chunk);
      if (sse && state.armedAfter > 0 && frames >= state.armedAfter) {
        state.armedAfter = 0;
        state.cuts += 1;
        client.destroy();
        upstream.destroy();
      }
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        server,
        port,
        arm: (n) => {
          state.armedAfter = n;
        },
        get cuts() {
          return state.cuts;
        },
      });
    });
    server.on('close', () => {
      for (const socket of sockets) socket.destroy();
    });
  });
}

const createNodeConnection = (port: number) => connect(port, '127.0.0.1');

let running: RunningA2AServer;
let proxy: Awaited<ReturnType<typeof startCuttingProxy>>;
beforeAll(async () => {
  const server = createA2AServer({
    card: { name: 'Cut', description: 'Streams slowly', version: '1.0.0', skills: [] },
    executor,
    logger: { error: () => {}, warn: () => {} },
  });
  running = await startA2AServer(server, { shutdownDeadlineMs: 100 });
  proxy = await startCuttingProxy(running.port);
});
afterAll(async () => {
  proxy.server.close();
  await running.close();
});
beforeEach(() => proxy.arm(0));

describe.each(HTTP_INTERFACES)('%s at %s through a proxy that cuts the stream', (binding, version) => {
  const client = () =>
    createA2AClient({
      agent: `http://127.0.0.1:${proxy.port}`,
      preferredBindings: [binding],
      preferredVersions: [version],
      resubscribe: { backoff: { sleep: async () => {} } },
    });

  it('resubscribes and delivers the rest of the task and its terminal state', async () => {
    const a2a = await client();
    proxy.arm(4);
    const cutsBefore = proxy.cuts;
    const events: StreamResponse[] = [];
    for await (const event of a2a.streamMessage('go')) events.push(event);
    expect(proxy.cuts).toBe(cutsBefore + 1);
    // The resubscription names the last event received: the server replays what followed it, not a snapshot, so
    // the one Task is the first event and each line arrives once, in order.
    expect(events.filter((event) => 'task' in event)).toHaveLength(1);
    const last = events.at(-1);
    expect(last && 'statusUpdate' in last && last.statusUpdate.status.state).toBe('TASK_STATE_COMPLETED');
    const lines = events.flatMap((event) =>
      'artifactUpdate' in event
        ? event.artifactUpdate.artifact.parts.map((part) => ('text' in part ? part.text : ''))
        : [],
    );
    expect(lines).toEqual(Array.from({ length: LINES }, (_, i) => `line ${i + 1}\n`));
  });

  it('fails with NETWORK when resubscribing is turned off', async () => {
    const a2a = await client();
    proxy.arm(4);
    const drain = async () => {
      for await (const _ of a2a.streamMessage('go', { resubscribe: false })) {
        // read on
      }
    };
    await expect(drain()).rejects.toSatisfy((error) => isA2AClientError(error, 'NETWORK'));
  });
});
