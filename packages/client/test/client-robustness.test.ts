/**
 * Misbehaving peers on 127.0.0.1: a server that never answers (timeouts), a flaky one (retries), and ones that
 * send invalid JSON, wrong shapes or oversized SSE events (PROTOCOL errors).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isA2AError } from '@baton/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveAgentCard } from '../src/discovery/resolve-agent-card.ts';
import { isA2AClientError } from '../src/errors/client-error.ts';
import { createJsonRpcTransport } from '../src/transport/json-rpc-transport.ts';
import { createRestTransport } from '../src/transport/rest-transport.ts';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(handler: Handler): Promise<string> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => handler(request, response, body));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

const TASK = { id: 't1', contextId: 'c1', status: { state: 'TASK_STATE_WORKING' } };
const rpcResult = (body: string, result: unknown) =>
  JSON.stringify({ jsonrpc: '2.0', id: (JSON.parse(body) as { id: unknown }).id, result });
const noSleep = async () => {};
const rejectsWith = (code: string) => (error: unknown) => isA2AClientError(error) && error.code === code;

describe('timeouts and aborts', () => {
  it('times out a unary call to a server that never answers', async () => {
    const url = await serve(() => {});
    const transport = createJsonRpcTransport({ url, version: '1.0', timeoutMs: 100 });
    const started = Date.now();
    await expect(transport.getTask({ id: 't1' })).rejects.toSatisfy(rejectsWith('TIMEOUT'));
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('aborts a call when the caller signal fires', async () => {
    const url = await serve(() => {});
    const transport = createRestTransport({ url, version: '1.0' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(transport.getTask({ id: 't1' }, { signal: controller.signal })).rejects.toSatisfy(
      rejectsWith('ABORTED'),
    );
  });

  it('times out a stream that goes silent, but not one kept alive by heartbeats', async () => {
    const url = await serve((_request, response, body) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`data: ${rpcResult(body, { task: TASK })}\n\n`);
      if (body.includes('heartbeat')) {
        const timer = setInterval(() => response.write(': keep-alive\n\n'), 30);
        setTimeout(() => {
          clearInterval(timer);
          response.end(
            `data: ${rpcResult(body, { statusUpdate: { taskId: 't1', contextId: 'c1', status: { state: 'TASK_STATE_COMPLETED' } } })}\n\n`,
          );
        }, 400);
      }
    });
    const transport = createJsonRpcTransport({ url, version: '1.0', streamIdleTimeoutMs: 150 });
    const drain = async (text: string) => {
      const events = [];
      for await (const event of transport.sendStreamingMessage({
        message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text }] },
      })) {
        events.push(event);
      }
      return events;
    };
    await expect(drain('silent')).rejects.toSatisfy(rejectsWith('TIMEOUT'));
    expect(await drain('heartbeat')).toHaveLength(2);
  });

  it('connection refused is a NETWORK error', async () => {
    const url = await serve(() => {});
    const server = servers.pop();
    server?.close();
    const transport = createJsonRpcTransport({ url, version: '1.0', retry: { attempts: 1 } });
    await expect(transport.getTask({ id: 't1' })).rejects.toSatisfy(rejectsWith('NETWORK'));
  });
});

describe('retries', () => {
  const flaky = async (failures: number) => {
    let calls = 0;
    const url = await serve((_request, response, body) => {
      calls += 1;
      if (calls <= failures) {
        response.writeHead(503, { 'content-type': 'text/plain' }).end('busy');
        return;
      }
      const method = (JSON.parse(body) as { method: string }).method;
      const result = method === 'SendMessage' ? { task: TASK } : TASK;
      response.writeHead(200, { 'content-type': 'application/json' }).end(rpcResult(body, result));
    });
    return { url, calls: () => calls };
  };

  it('retries an idempotent call after two 503s and succeeds', async () => {
    const { url, calls } = await flaky(2);
    const delays: number[] = [];
    const transport = createJsonRpcTransport({
      url,
      version: '1.0',
      retry: { sleep: async (ms) => void delays.push(ms), random: () => 0.5 },
    });
    expect((await transport.getTask({ id: 't1' })).id).toBe('t1');
    expect(calls()).toBe(3);
    expect(delays).toEqual([100, 200]);
  });

  it('gives up after the configured attempts with the server error', async () => {
    const { url, calls } = await flaky(5);
    const transport = createRestTransport({ url, version: '1.0', retry: { sleep: noSleep } });
    await expect(transport.getTask({ id: 't1' })).rejects.toSatisfy((error) => isA2AError(error));
    expect(calls()).toBe(3);
  });

  it('does not retry a send unless asked, and then repeats the same messageId', async () => {
    const { url, calls } = await flaky(1);
    const request = { message: { messageId: 'm-1', role: 'ROLE_USER' as const, parts: [{ text: 'hi' }] } };
    const plain = createJsonRpcTransport({ url, version: '1.0', retry: { sleep: noSleep } });
    await expect(plain.sendMessage(request)).rejects.toSatisfy((error) => isA2AError(error));
    expect(calls()).toBe(1);

    const bodies: string[] = [];
    const second = await flaky(1);
    const opted = createJsonRpcTransport({
      url: second.url,
      version: '1.0',
      retry: { sleep: noSleep, retrySend: true },
      interceptors: [{ before: (r) => void bodies.push(String(r.init.body)) }],
    });
    expect('task' in (await opted.sendMessage(request))).toBe(true);
    expect(second.calls()).toBe(2);
    expect(
      bodies.map(
        (body) =>
          (JSON.parse(body) as { params: { message: { messageId: string } } }).params.message.messageId,
      ),
    ).toEqual(['m-1', 'm-1']);
  });

  it('honours Retry-After on 429', async () => {
    let calls = 0;
    const url = await serve((_request, response) => {
      calls += 1;
      if (calls === 1) response.writeHead(429, { 'retry-after': '1' }).end();
      else response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(TASK));
    });
    const delays: number[] = [];
    const transport = createRestTransport({
      url,
      version: '1.0',
      retry: { sleep: async (ms) => void delays.push(ms) },
    });
    expect((await transport.getTask({ id: 't1' })).id).toBe('t1');
    expect(delays[0]).toBe(1_000);
  });
});

describe('bad server responses', () => {
  it('invalid JSON is a PROTOCOL error keeping the payload', async () => {
    const url = await serve((_q, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{not json'),
    );
    const transport = createRestTransport({ url, version: '1.0' });
    const error = await transport.getTask({ id: 't1' }).catch((e: unknown) => e);
    expect(isA2AClientError(error, 'PROTOCOL')).toBe(true);
    expect((error as Error).cause).toMatchObject({ payload: '{not json' });
  });

  it('a result of the wrong shape is a PROTOCOL error naming the field', async () => {
    const url = await serve((_q, response, body) =>
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(rpcResult(body, { id: 't1', status: { state: 'NOT_A_STATE' } })),
    );
    const transport = createJsonRpcTransport({ url, version: '1.0' });
    const error = await transport.getTask({ id: 't1' }).catch((e: unknown) => e);
    expect(isA2AClientError(error, 'PROTOCOL')).toBe(true);
    expect((error as Error).message).toMatch(/status\.state/);
    expect((error as Error).cause).toEqual({ id: 't1', status: { state: 'NOT_A_STATE' } });
  });

  it('an oversized SSE event is a PROTOCOL error and closes the connection', async () => {
    let closed = false;
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`data: ${JSON.stringify({ task: TASK })}\n\n`);
      response.write(`data: ${'x'.repeat(4096)}`);
      const timer = setInterval(() => response.write('x'.repeat(1024)), 10);
      response.on('close', () => {
        closed = true;
        clearInterval(timer);
      });
    });
    const transport = createRestTransport({ url, version: '1.0', maxEventBytes: 2048 });
    const events: unknown[] = [];
    const drain = async () => {
      for await (const event of transport.subscribeToTask({ id: 't1' })) events.push(event);
    };
    await expect(drain()).rejects.toSatisfy(rejectsWith('PROTOCOL'));
    expect(events).toHaveLength(1);
    await expect.poll(() => closed).toBe(true);
  });

  it('refuses an endless answer or card as a PROTOCOL error, without reading it whole', async () => {
    let closed = 0;
    // A body that never ends and declares no length: only counting the bytes read can stop it.
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"jsonrpc":"2.0","id":1,"result":"');
      const timer = setInterval(() => response.write('x'.repeat(16 * 1024)), 1);
      response.on('close', () => {
        closed += 1;
        clearInterval(timer);
      });
    });
    const transport = createJsonRpcTransport({ url, version: '1.0', maxResponseBytes: 64 * 1024 });
    const refused = await transport.getTask({ id: 't1' }).catch((error: unknown) => error);
    expect(isA2AClientError(refused, 'PROTOCOL') && refused.message).toMatch(/larger than 65536 bytes/);
    const card = await resolveAgentCard(`${url}/card.json`, { maxCardBytes: 64 * 1024 }).catch(
      (error: unknown) => error,
    );
    expect(isA2AClientError(card, 'PROTOCOL') && card.message).toMatch(
      /agent card .* larger than 65536 bytes/,
    );
    await expect.poll(() => closed).toBe(2);
  });

  it('reads event: error frames and JSON errors sent instead of a stream', async () => {
    const url = await serve((request, response) => {
      if (request.url?.endsWith(':subscribe')) {
        response.writeHead(404, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            error: {
              code: 404,
              status: 'NOT_FOUND',
              message: 'gone',
              details: [
                {
                  '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
                  reason: 'TASK_NOT_FOUND',
                  domain: 'a2a-protocol.org',
                },
              ],
            },
          }),
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`data: ${JSON.stringify({ task: TASK })}\n\n`);
      response.end(
        `event: error\ndata: ${JSON.stringify({ error: { code: 500, status: 'INTERNAL', message: 'boom', details: [] } })}\n\n`,
      );
    });
    const transport = createRestTransport({ url, version: '1.0' });
    const drain = async (events: AsyncIterable<unknown>) => {
      for await (const _ of events) {
        // read on
      }
    };
    await expect(drain(transport.subscribeToTask({ id: 't1' }))).rejects.toSatisfy((error) =>
      isA2AError(error, 'TaskNotFoundError'),
    );
    await expect(
      drain(
        transport.sendStreamingMessage({
          message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'x' }] },
        }),
      ),
    ).rejects.toSatisfy((error) => isA2AError(error) && (error as Error).message === 'boom');
  });
});
