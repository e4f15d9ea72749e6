/**
 * A 50-chunk stream cut at random points, 100 times per interface: a proxy on 127.0.0.1 in front of a real
 * `@baton/server` destroys the connection after a random number of bytes of the SSE body (mid-frame as often as
 * not), and sometimes cuts the resubscription too. The client resumes with the last event id it got
 * (`Last-Event-ID`); the server replays exactly what followed. Every run reassembles the artifact from its chunks
 * alone, byte for byte, with no snapshot in between. The seed of a failing run is in its message.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { StreamResponse } from '@baton/protocol';
import { type AgentExecutor, createA2AServer } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createA2AClient } from '../src/client/index.ts';
import { HTTP_INTERFACES } from './support/http-interfaces.ts';

const CHUNKS = 50;
const RUNS = 100;

/** A small seeded generator (mulberry32), so a failing run can be replayed from its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Chunk `index` of the artifact: mixed scripts and emoji, so a byte out of place shows. */
const chunkText = (index: number) => `${index}: ação – 数据 – 🧩${'·'.repeat(index % 7)}\n`;
const EXPECTED = Array.from({ length: CHUNKS }, (_, index) => chunkText(index)).join('');

const executor: AgentExecutor = async (ctx) => {
  await ctx.working();
  const stream = ctx.streamArtifact({ artifactId: 'story', name: 'story' });
  for (let index = 0; index < CHUNKS - 1; index++) {
    await stream.write(chunkText(index));
    // Let the stream's writer run between chunks, so cuts land while the task is still going as well as after.
    if (index % 5 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  await stream.end(chunkText(CHUNKS - 1));
};

/**
 * Where to cut one SSE response: after `bytes` of its body, but never before its first event when `keepFirstEvent`
 * (a client that got no event at all does not know its task, so there is nothing to resume).
 */
interface Cut {
  readonly bytes: number;
  readonly keepFirstEvent: boolean;
}

/** Forwards TCP to `target`; each SSE response is cut where `cutAt` says (or never). */
async function startCuttingProxy(target: number) {
  let cutAt: () => Cut | undefined = () => undefined;
  let cuts = 0;
  let lastBody = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    sockets.add(client).add(upstream);
    let cut: Cut | undefined;
    let limit: number | undefined;
    let body = -1; // bytes of SSE body seen; -1 before the SSE headers ended
    let length: number | undefined; // the body's Content-Length, when it was sent whole
    let seen = ''; // the body so far, until its first event is complete
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => {
      let forward = chunk;
      let bodyText = '';
      if (body < 0) {
        const text = chunk.toString('latin1');
        const end = text.indexOf('\r\n\r\n');
        if (text.includes('text/event-stream') && end >= 0) {
          body = chunk.length - (end + 4);
          bodyText = text.slice(end + 4);
          const declared = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end));
          length = declared ? Number(declared[1]) : undefined;
          cut = cutAt();
          limit = cut && !cut.keepFirstEvent ? cut.bytes : undefined;
        }
      } else {
        body += chunk.length;
        bodyText = chunk.toString('latin1');
      }
      if (cut?.keepFirstEvent && limit === undefined && body >= 0) {
        seen += bodyText;
        const firstEnd = seen.indexOf('\n\n');
        if (firstEnd >= 0) limit = Math.max(cut.bytes, firstEnd + 2);
      }
      if (limit !== undefined && body >= limit) {
        forward = chunk.subarray(0, Math.max(0, chunk.length - (body - limit)));
        cuts += 1;
        client.end(forward, () => client.destroy());
        upstream.destroy();
        return;
      }
      client.write(forward);
      // The end of a response (chunked, or all of its Content-Length): the connection may carry the next request,
      // whose response starts afresh.
      const ended =
        length === undefined ? chunk.toString('latin1').endsWith('\r\n0\r\n\r\n') : body >= length;
      if (body >= 0 && ended) {
        lastBody = body;
        body = -1;
        length = undefined;
        cut = undefined;
        limit = undefined;
        seen = '';
      }
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    cutEach: (next: () => Cut | undefined) => {
      cutAt = next;
    },
    get cuts() {
      return cuts;
    },
    /** How many body bytes the last SSE response had. */
    get lastBody() {
      return lastBody;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let running: RunningA2AServer;
let proxy: Awaited<ReturnType<typeof startCuttingProxy>>;
beforeAll(async () => {
  const server = createA2AServer({
    card: { name: 'Chunks', description: 'Streams fifty chunks', version: '1.0.0', skills: [] },
    executor,
    logger: { error: () => {}, warn: () => {} },
  });
  running = await startA2AServer(server, { port: 0, hostname: '127.0.0.1', shutdownDeadlineMs: 100 });
  proxy = await startCuttingProxy(running.port);
});
afterAll(async () => {
  await proxy?.close();
  await running?.close();
});

describe.each(HTTP_INTERFACES)('%s at %s: a stream cut at random points', (binding, version) => {
  it(`reassembles the artifact byte for byte in each of ${RUNS} cut runs`, async () => {
    const client = await createA2AClient({
      agent: `http://127.0.0.1:${proxy.port}`,
      preferredBindings: [binding],
      preferredVersions: [version],
      resubscribe: { attempts: 10, backoff: { sleep: async () => {} } },
    });
    // One uncut run measures the stream, so every cut lands inside it.
    proxy.cutEach(() => undefined);
    for await (const _ of client.streamMessage('measure')) {
      // read to the end
    }
    const streamBytes = proxy.lastBody;
    expect(streamBytes).toBeGreaterThan(CHUNKS * 20);
    const seed = Number(process.env.BATON_CUT_SEED ?? Date.now() % 1_000_000);
    const next = random(seed);
    const cutsBefore = proxy.cuts;
    for (let run = 0; run < RUNS; run++) {
      // The first response is always cut somewhere after its first event; each resubscription is cut again, anywhere,
      // one time in three.
      let first = true;
      proxy.cutEach(() => {
        const cut =
          first || next() < 1 / 3
            ? { bytes: Math.floor(next() * streamBytes), keepFirstEvent: first }
            : undefined;
        first = false;
        return cut;
      });
      const events: StreamResponse[] = [];
      for await (const event of client.streamMessage(`run ${run}`)) events.push(event);
      const chunks = events.flatMap((event) =>
        'artifactUpdate' in event
          ? event.artifactUpdate.artifact.parts.map((part) => ('text' in part ? part.text : ''))
          : [],
      );
      const where = `seed ${seed}, run ${run}`;
      expect(chunks.join(''), where).toBe(EXPECTED);
      expect(chunks, where).toHaveLength(CHUNKS);
      expect(
        events.filter((event) => 'task' in event),
        `${where}: only the first event is a Task`,
      ).toHaveLength(1);
      const last = events.at(-1);
      expect(last && 'statusUpdate' in last && last.statusUpdate.status.state, where).toBe(
        'TASK_STATE_COMPLETED',
      );
    }
    expect(proxy.cuts - cutsBefore).toBeGreaterThanOrEqual(RUNS);
  });
});
