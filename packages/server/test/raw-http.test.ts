/**
 * The server over a real socket with plain `fetch`: card caching and CORS, the exact bytes of a JSON-RPC SSE
 * stream, a client leaving a stream early, the body limit and unknown paths. (Shutdown with work in flight is
 * in `shutdown-over-http.test.ts`.)
 */
import { ERROR_INFO_TYPE } from '@baton/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHUNK_COUNT, DIRECT_REPLY } from './support/demo-agent.ts';
import { type DemoServer, startDemoServer } from './support/demo-server.ts';
import {
  dataOf,
  dig,
  postRpc,
  readJson,
  record,
  SseReader,
  stateOf,
  streamKind,
  userMessage,
} from './support/raw-http.ts';

let demo: DemoServer;
let rpcUrl: string;
const consoleError = vi.spyOn(console, 'error');

beforeAll(async () => {
  demo = await startDemoServer();
  rpcUrl = `${demo.running.url}/a2a/jsonrpc`;
});

afterEach(() => {
  // Nothing the server does here is worth a console line (a leaked or throwing stream listener would be).
  expect(consoleError).not.toHaveBeenCalled();
  expect(demo.logger.errors).toEqual([]);
});

afterAll(async () => {
  await demo.running.close();
  consoleError.mockRestore();
});

describe('the agent card', () => {
  const cardUrl = () => `${demo.running.url}/.well-known/agent-card.json`;

  it('is cacheable: ETag, then 304 for If-None-Match, with CORS and Vary: A2A-Version', async () => {
    const first = await fetch(cardUrl(), {
      headers: { 'A2A-Version': '1.0', Origin: 'https://app.example' },
    });
    const etag = first.headers.get('ETag') ?? '';
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^"[0-9a-f]{24}"$/);
    expect(first.headers.get('Content-Type')).toBe('application/json');
    expect(first.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(first.headers.get('Vary')).toBe('A2A-Version');
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=300');
    expect(record(await first.json()).name).toBe('Baton demo agent');

    const again = await fetch(cardUrl(), { headers: { 'A2A-Version': '1.0', 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('ETag')).toBe(etag);
    expect(again.headers.get('Vary')).toBe('A2A-Version');
  });

  it('gives the 0.3 card its own ETag, so a cached 1.0 card is never served to a 0.3 client', async () => {
    const v1 = await fetch(cardUrl(), { headers: { 'A2A-Version': '1.0' } });
    const etag = v1.headers.get('ETag') ?? '';
    const v03 = await fetch(cardUrl(), { headers: { 'If-None-Match': etag } });
    expect(v03.status).toBe(200);
    expect(v03.headers.get('ETag')).not.toBe(etag);
    expect(record(await v03.json())).toMatchObject({
      protocolVersion: '0.3.0',
      url: rpcUrl,
      preferredTransport: 'JSONRPC',
    });
  });

  it('answers a CORS preflight', async () => {
    const preflight = await fetch(cardUrl(), {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(preflight.headers.get('Access-Control-Allow-Methods')).toBe('GET,HEAD,OPTIONS');
  });
});

describe('JSON-RPC streaming', () => {
  it.each([
    { version: '1.0' as const, id: 's-1', method: 'SendStreamingMessage' },
    { version: '0.3' as const, id: 7, method: 'message/stream' },
  ])('frames a $version stream as one compact `data:` line per event, answering id $id', async (call) => {
    const contextId = `sse ${call.version}`;
    const message =
      call.version === '1.0'
        ? userMessage('direct', contextId)
        : {
            kind: 'message',
            messageId: 'm-03',
            contextId,
            role: 'user',
            parts: [{ kind: 'text', text: 'direct' }],
          };
    const response = await postRpc(rpcUrl, { ...call, params: { message } }, { version: call.version });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/event-stream');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(response.headers.get('X-Accel-Buffering')).toBe('no');
    const body = await response.text();
    const data: unknown = JSON.parse(body.slice('data: '.length, -2));
    // Byte for byte: exactly one frame, `data: ` + compact single-line JSON + a blank line, nothing else.
    expect(body).toBe(`data: ${JSON.stringify(data)}\n\n`);
    const reply =
      call.version === '1.0'
        ? { message: { role: 'ROLE_AGENT', contextId, parts: [{ text: DIRECT_REPLY }] } }
        : { kind: 'message', role: 'agent', contextId, parts: [{ kind: 'text', text: DIRECT_REPLY }] };
    expect(data).toMatchObject({ jsonrpc: '2.0', id: call.id, result: reply });
    expect(Object.keys(record(data))).toEqual(['jsonrpc', 'id', 'result']);
  });

  it('frames every event of a longer stream the same way, each with the request id', async () => {
    const params = { message: userMessage('artifacts', 'sse long') };
    const response = await postRpc(rpcUrl, { id: 42, method: 'SendStreamingMessage', params });
    const body = await response.text();
    const frames = body.split('\n\n').slice(0, -1);
    expect(frames).toHaveLength(CHUNK_COUNT + 4);
    const events = frames.map(dataOf);
    // Byte for byte: the body is nothing but these frames, each `id: ` + the task's generation after the event,
    // then `data: ` + compact JSON, then a blank line. A client resumes with the last id as `Last-Event-ID`.
    expect(frames.map((frame) => `${frame}\n\n`).join('')).toBe(body);
    expect(frames).toEqual(events.map((event, index) => `id: ${index + 1}\ndata: ${JSON.stringify(event)}`));
    expect(events.map((event) => [dig(event, 'jsonrpc'), dig(event, 'id')])).toEqual(
      events.map(() => ['2.0', 42]),
    );
    expect(events.map(streamKind)).toEqual([
      'task',
      'statusUpdate',
      ...Array.from({ length: CHUNK_COUNT + 1 }, () => 'artifactUpdate'),
      'statusUpdate',
    ]);
    expect(stateOf(events.at(-1))).toBe('TASK_STATE_COMPLETED');
  });

  it('lets a task finish when its streaming client goes away, and serves a later subscriber', async () => {
    const contextId = 'abandoned stream';
    const abort = new AbortController();
    const params = { message: userMessage('gated', contextId) };
    const stream = await postRpc(
      rpcUrl,
      { id: 1, method: 'SendStreamingMessage', params },
      { signal: abort.signal },
    );
    const reader = new SseReader(stream.body);
    const taskId = String(dig(await reader.nextData(), 'result', 'task', 'id'));
    expect(streamKind(await reader.nextData())).toBe('artifactUpdate');
    await demo.probes.waiting(contextId);
    // Mid-way: the task is SUBMITTED and waiting on its gate when the client drops the connection.
    abort.abort();
    await expect(reader.next()).rejects.toThrow();
    // Give the server the moment it needs to see the socket close, so the task's next events find the
    // abandoned stream gone rather than still attached.
    await new Promise((resolve) => setTimeout(resolve, 20));

    const subscribe = await postRpc(rpcUrl, { id: 2, method: 'SubscribeToTask', params: { id: taskId } });
    const subscriber = new SseReader(subscribe.body);
    const snapshot = dig(await subscriber.nextData(), 'result', 'task');
    expect(snapshot).toMatchObject({ id: taskId, status: { state: 'TASK_STATE_SUBMITTED' } });
    demo.probes.openGate(contextId);
    const rest = await subscriber.rest();
    expect(rest.map(stateOf)).toEqual(['TASK_STATE_COMPLETED']);

    const got = await readJson(await postRpc(rpcUrl, { id: 3, method: 'GetTask', params: { id: taskId } }));
    expect(dig(got, 'result', 'status', 'state')).toBe('TASK_STATE_COMPLETED');
    expect(demo.probes.wasAborted(contextId)).toBe(false);
    const card = await fetch(`${demo.running.url}/.well-known/agent-card.json`);
    expect(card.status).toBe(200);
  });
});

describe('request limits and unknown paths', () => {
  const LIMIT = 4 * 1024 * 1024;
  const MESSAGE = `Request body is too large; the limit is ${LIMIT} bytes`;
  const send = (text: string) => ({ message: userMessage(text, 'limits') });
  const big = () => `direct ${'x'.repeat(5 * 1024 * 1024)}`;

  it('takes a body just under 4 MiB', async () => {
    const response = await postRpc(rpcUrl, {
      id: 1,
      method: 'SendMessage',
      params: send(`direct ${'x'.repeat(LIMIT - 1000)}`),
    });
    expect(response.status).toBe(200);
    expect(dig(await readJson(response), 'result', 'message', 'parts')).toEqual([{ text: DIRECT_REPLY }]);
  });

  it.each([
    {
      name: 'JSON-RPC 1.0',
      path: '/a2a/jsonrpc',
      version: '1.0',
      expected: {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: MESSAGE,
          data: [{ '@type': ERROR_INFO_TYPE, reason: 'INVALID_REQUEST' }],
        },
      },
    },
    {
      name: 'JSON-RPC 0.3',
      path: '/a2a/jsonrpc',
      version: undefined,
      expected: { jsonrpc: '2.0', id: null, error: { code: -32600, message: MESSAGE } },
    },
    {
      name: 'HTTP+JSON 1.0',
      path: '/a2a/rest/message:send',
      version: '1.0',
      expected: {
        error: {
          code: 413,
          status: 'INVALID_ARGUMENT',
          message: MESSAGE,
          details: [{ '@type': ERROR_INFO_TYPE, reason: 'INVALID_REQUEST' }],
        },
      },
    },
    {
      name: 'HTTP+JSON 0.3',
      path: '/a2a/rest/v1/message:send',
      version: undefined,
      expected: { code: -32600, message: MESSAGE },
    },
  ])('refuses a 5 MiB body to $name with 413 and its own JSON error', async ({ path, version, expected }) => {
    const body =
      path === '/a2a/jsonrpc'
        ? JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: send(big()) })
        : JSON.stringify(send(big()));
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (version) headers['A2A-Version'] = version;
    const response = await fetch(`${demo.running.url}${path}`, { method: 'POST', headers, body });
    expect(response.status).toBe(413);
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(await readJson(response)).toMatchObject(expected);
  });

  it('counts a body of unknown length (chunked) against the limit, and accepts one under it', async () => {
    const chunked = (text: string) => {
      const bytes = new TextEncoder().encode(text);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 64 * 1024)
            controller.enqueue(bytes.slice(at, at + 64 * 1024));
          controller.close();
        },
      });
      return fetch(`${demo.running.url}/a2a/jsonrpc`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
    };
    const tooBig = await chunked(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: send(big()) }),
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers.get('connection')).toBe('close');
    const small = await chunked(
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'GetTask', params: { id: 'nope' } }),
    );
    expect(small.status).toBe(200);
    expect(await readJson(small)).toMatchObject({ id: 2, error: { code: -32001 } });
  });

  it.each([
    {
      method: 'GET',
      path: '/nope',
      status: 404,
      body: { error: { code: 404, status: 'NOT_FOUND', message: 'No A2A route at GET /nope' } },
    },
    {
      method: 'POST',
      path: '/a2a',
      status: 404,
      body: { error: { code: 404, status: 'NOT_FOUND', message: 'No A2A route at POST /a2a' } },
    },
    { method: 'GET', path: '/a2a/rest/nope', status: 404, body: { code: -32601 } },
    {
      method: 'GET',
      path: '/a2a/jsonrpc',
      status: 405,
      body: { jsonrpc: '2.0', id: null, error: { code: -32600 } },
    },
  ])('answers $method $path with a JSON $status', async ({ method, path, status, body }) => {
    const response = await fetch(`${demo.running.url}${path}`, {
      method,
      ...(method === 'POST' ? { body: '{}' } : {}),
    });
    expect(response.status).toBe(status);
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(await readJson(response)).toMatchObject(body);
  });
});
