/**
 * A streaming call that fails before its first event reaches the caller as the A2A error, whichever shape the
 * server answers it in: a plain JSON error (A2A 1.0 servers, 0.3 HTTP+JSON), or a 200 `text/event-stream` with one
 * error frame (0.3 JSON-RPC servers, with or without `event: error`). Checked against Baton, the official SDK,
 * and a loopback server that answers each shape word for word.
 */
import { A2AError } from '@baton/protocol';
import { createA2AServer } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SdkServer, startSdkServer } from '../../protocol/test/interop/sdk-server.ts';
import { createA2AClient } from '../src/client/index.ts';
import { HTTP_INTERFACES } from './support/http-interfaces.ts';
import { type LoopbackServer, serveLoopback } from './support/serve-loopback.ts';

async function failure(events: AsyncIterable<unknown>): Promise<unknown> {
  try {
    for await (const _ of events) {
      // A failing call yields nothing.
    }
  } catch (error) {
    return error;
  }
  throw new Error('expected the stream to fail');
}

let baton: RunningA2AServer;
let sdk: SdkServer;
beforeAll(async () => {
  const card = { name: 'Echo', description: 'Completes', version: '1.0.0', skills: [] };
  baton = await startA2AServer(createA2AServer({ card, executor: async (ctx) => ctx.complete('done') }));
  sdk = await startSdkServer();
});
afterAll(async () => {
  await Promise.all([baton.close(), sdk.close()]);
});

describe.each(HTTP_INTERFACES)('subscribing to an unknown task over %s %s', (binding, version) => {
  it.each([
    ['Baton', () => baton.url],
    ['@a2a-js/sdk', () => sdk.base],
  ])('against %s is TaskNotFound', async (_, agent) => {
    const client = await createA2AClient({
      agent: agent(),
      preferredBindings: [binding],
      preferredVersions: [version],
    });
    const error = await failure(client.subscribe('no-such-task'));
    expect(error).toBeInstanceOf(A2AError);
    expect(error).toMatchObject({ code: -32001, reason: 'TASK_NOT_FOUND' });
  });
});

// A 0.3 JSON-RPC agent that answers `tasks/resubscribe` in one fixed shape.
const NOT_FOUND = { code: -32001, message: 'Task not found' };
const SHAPES: Record<string, (id: unknown) => Response> = {
  'a plain JSON error': (id) => Response.json({ jsonrpc: '2.0', id, error: NOT_FOUND }),
  'an `event: error` frame': (id) =>
    new Response(`event: error\ndata: ${JSON.stringify({ jsonrpc: '2.0', id, error: NOT_FOUND })}\n\n`, {
      headers: { 'Content-Type': 'text/event-stream' },
    }),
  'a data-only error frame': (id) =>
    new Response(`data: ${JSON.stringify({ jsonrpc: '2.0', id, error: NOT_FOUND })}\n\n`, {
      headers: { 'Content-Type': 'text/event-stream' },
    }),
};

describe('a 0.3 JSON-RPC agent answering a failed stream in', () => {
  let url = '';
  let shape = '';
  let peer: LoopbackServer;
  beforeAll(async () => {
    const app = new Hono();
    app.get('/.well-known/agent-card.json', (c) =>
      c.json({
        name: 'Shapes',
        description: 'Answers every stream with one fixed error',
        url: `${url}/rpc`,
        preferredTransport: 'JSONRPC',
        protocolVersion: '0.3.0',
        version: '1.0.0',
        capabilities: { streaming: true },
        defaultInputModes: ['text/plain'],
        defaultOutputModes: ['text/plain'],
        skills: [],
      }),
    );
    app.post('/rpc', async (c) => {
      const { id } = (await c.req.json()) as { id: unknown };
      return (SHAPES[shape] as (id: unknown) => Response)(id);
    });
    peer = await serveLoopback(app);
    url = peer.url;
  });
  afterAll(() => peer.close());

  it.each(Object.keys(SHAPES))('%s is TaskNotFound', async (name) => {
    shape = name;
    const client = await createA2AClient({ agent: url });
    expect([client.transport.binding, client.transport.version]).toEqual(['JSONRPC', '0.3']);
    const error = await failure(client.subscribe('no-such-task'));
    expect(error).toMatchObject({ code: -32001, reason: 'TASK_NOT_FOUND' });
  });
});
