/**
 * The direct SSE writer on a real `node:http` server over loopback: what the client receives, how many
 * writes it took, errors after the start, backpressure, and a client that leaves.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { withDirectSse } from '../node.ts';
import { createEventQueue } from '../task/event-queue.ts';
import { ALREADY_SENT_ENV_KEY } from './direct-sse-target.ts';
import { writeSseDirect } from './write-sse-direct.ts';

const marker = new Response(null, { headers: { 'x-test': 'already sent' } });
let server: Server | undefined;

afterEach(async () => {
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
});

/** Serves one handler; returns its URL. */
async function serveWith(handle: (res: ServerResponse) => void): Promise<string> {
  server = createServer((_req, res) => handle(res));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** An async iterable over `events`, recording whether it was released with `return()`. */
function source<T>(events: AsyncIterator<T>) {
  const probe = { returned: false };
  const iterable: AsyncIterable<T> = {
    [Symbol.asyncIterator]: () => ({
      next: () => events.next(),
      return: async () => {
        probe.returned = true;
        return { done: true, value: undefined };
      },
    }),
  };
  return { iterable, probe };
}

describe('writeSseDirect', () => {
  it('sends the headers and every ready event in one write with its length, then ends', async () => {
    const writes: string[] = [];
    let answer: Response | undefined;
    const url = await serveWith((res) => {
      const write = res.write.bind(res);
      const end = res.end.bind(res);
      res.write = ((chunk: string) => {
        writes.push('write');
        return write(chunk);
      }) as typeof res.write;
      res.end = ((chunk?: string) => {
        writes.push(chunk === undefined ? 'end' : 'end with the body');
        return end(chunk);
      }) as typeof res.end;
      const queue = createEventQueue();
      queue.event({ task: { id: 't', contextId: 'c', status: { state: 'TASK_STATE_SUBMITTED' } } });
      queue.event({
        statusUpdate: { taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_COMPLETED' } },
      });
      queue.end();
      answer = writeSseDirect(
        queue,
        { serialize: (event) => JSON.stringify(event), onError: () => '{}', headers: { 'X-Extra': '1' } },
        { outgoing: res, alreadySent: () => marker, headers: { 'A2A-Extensions': 'urn:x' } },
      );
    });
    const response = await fetch(url);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-extra')).toBe('1');
    expect(response.headers.get('a2a-extensions')).toBe('urn:x');
    const body = await response.text();
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    const frames = body.split('\n\n').slice(0, -1);
    expect(frames.map((frame) => Object.keys(JSON.parse(frame.slice('data: '.length)))[0])).toEqual([
      'task',
      'statusUpdate',
    ]);
    expect(writes).toEqual(['end with the body']);
    expect(answer).toBe(marker);
  });

  it('joins the events of one turn into one write while the stream stays open', async () => {
    const writes: string[] = [];
    let queue: ReturnType<typeof createEventQueue> | undefined;
    const url = await serveWith((res) => {
      const write = res.write.bind(res);
      const end = res.end.bind(res);
      res.write = ((chunk: string) => {
        writes.push(chunk);
        return write(chunk);
      }) as typeof res.write;
      res.end = ((chunk?: string) => {
        if (chunk !== undefined) writes.push(chunk);
        return end(chunk);
      }) as typeof res.end;
      queue = createEventQueue();
      queue.event({ task: { id: 't', contextId: 'c', status: { state: 'TASK_STATE_WORKING' } } });
      writeSseDirect(
        queue,
        { serialize: (event) => JSON.stringify(event), onError: () => '{}', heartbeatMs: 0 },
        { outgoing: res, alreadySent: () => marker },
      );
    });
    const response = await fetch(url);
    expect(response.headers.get('content-length')).toBeNull();
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect(text).toContain('TASK_STATE_WORKING');
    for (let index = 0; index < 3; index++) {
      // Events made one after another in the same turn, each awaited as an executor awaits its writes.
      await Promise.resolve();
      queue?.event({
        statusUpdate: { taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_WORKING' } },
      });
    }
    queue?.event({
      statusUpdate: { taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_COMPLETED' } },
    });
    queue?.end();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    expect(text.split('\n\n').length - 1).toBe(5);
    // The first event alone, then the four of the second turn together, with the end.
    expect(writes).toHaveLength(2);
    expect(writes[1]?.split('\n\n').length).toBe(5);
  });

  it('ends with an event: error frame when the events fail after the start', async () => {
    const url = await serveWith((res) => {
      async function* failing() {
        yield 'first';
        throw new Error('boom');
      }
      writeSseDirect(
        failing(),
        { serialize: (event) => JSON.stringify(event), onError: (error) => JSON.stringify(String(error)) },
        { outgoing: res, alreadySent: () => marker },
      );
    });
    expect(await (await fetch(url)).text()).toBe('data: "first"\n\nevent: error\ndata: "Error: boom"\n\n');
  });

  it('waits for drain before reading on, and delivers every byte', async () => {
    const big = 'x'.repeat(256 * 1024);
    let reads = 0;
    const url = await serveWith((res) => {
      async function* many() {
        for (let index = 0; index < 40; index++) {
          reads += 1;
          yield big;
        }
      }
      writeSseDirect(
        many(),
        { serialize: (event) => event, onError: () => '{}' },
        { outgoing: res, alreadySent: () => marker },
      );
    });
    const response = await fetch(url);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The client has read one chunk: the writer must not have pulled all 40 events into memory.
    expect(reads).toBeLessThan(40);
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
    }
    expect(reads).toBe(40);
    expect(bytes).toBeGreaterThan(39 * big.length);
  });

  it('releases the events when the client goes away', async () => {
    let pending: ReturnType<typeof source<unknown>> | undefined;
    const url = await serveWith((res) => {
      const queue = createEventQueue();
      queue.event({ task: { id: 't', contextId: 'c', status: { state: 'TASK_STATE_WORKING' } } });
      pending = source(queue[Symbol.asyncIterator]());
      writeSseDirect(
        pending.iterable,
        { serialize: (event) => JSON.stringify(event), onError: () => '{}', heartbeatMs: 0 },
        { outgoing: res, alreadySent: () => marker },
      );
    });
    const caller = new AbortController();
    const response = await fetch(url, { signal: caller.signal });
    await (response.body as ReadableStream<Uint8Array>).getReader().read();
    expect(pending?.probe.returned).toBe(false);
    caller.abort();
    await expect.poll(() => pending?.probe.returned).toBe(true);
  });
});

describe('withDirectSse', () => {
  it('hands the bindings a platform Response that tells @hono/node-server the answer was sent', async () => {
    const env: Record<string, unknown> = {};
    const fetch = withDirectSse((_request, seen) => {
      expect(seen).toBe(env);
      return new Response('ok');
    });
    await fetch(new Request('http://h/'), env);
    const alreadySent = (env[ALREADY_SENT_ENV_KEY] as () => Response)();
    expect(alreadySent.headers.get('x-hono-already-sent')).toBe('true');
    expect(alreadySent.body).toBeNull();
  });
});
