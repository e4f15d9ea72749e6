import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLoad } from './run-load.ts';

const TASK = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  result: { task: { status: { state: 'TASK_STATE_COMPLETED' }, artifacts: [{ parts: [{ data: {} }] }] } },
});
const STREAM = [
  'data: {"artifactUpdate":{"i":0}}\n\n',
  'data: {"artifactUpdate":{"i":1}}\n\n',
  'data: {"statusUpdate":{"state":"TASK_STATE_COMPLETED"}}\n\n',
];

let server: Server;
let origin: string;
const ids = new Set<string>();

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += String(chunk);
    });
    req.on('end', () => {
      ids.add(body);
      if (req.url === '/stream') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const frame of STREAM) res.write(frame);
        res.end();
      } else if (req.url === '/slow') {
        setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(TASK), 250);
      } else if (req.url === '/task') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(TASK);
      } else {
        res.writeHead(404).end('no such path');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const base = { method: 'POST', headers: {}, body: '{"id":"{n}"}', concurrency: 4, warmupMs: 0 } as const;

describe('runLoad', () => {
  it('counts requests and checks task answers in counted mode, numbering the bodies', async () => {
    const result = await runLoad({
      ...base,
      origin,
      path: '/task',
      expect: { kind: 'task', chunks: 1 },
      requests: 40,
    });
    // The requests still in flight when the 40th ends are counted too.
    expect(result.requests).toBeGreaterThanOrEqual(40);
    expect(result.requests).toBeLessThan(40 + base.concurrency);
    expect(result).toMatchObject({ errors: 0, events: 0 });
    expect(ids.size).toBe(result.requests);
    expect(result.p99Ms).toBeGreaterThanOrEqual(result.p50Ms);
  });

  it('counts SSE events in timed mode', async () => {
    const expect2 = { kind: 'stream', chunks: 2 } as const;
    const result = await runLoad({
      ...base,
      origin,
      path: '/stream',
      expect: expect2,
      warmupMs: 50,
      durationMs: 200,
    });
    expect(result.requests).toBeGreaterThan(0);
    expect(result.errors).toBe(0);
    expect(result.events).toBe(result.requests * 3);
    expect(result.elapsedMs).toBeCloseTo(200, 6);
  });

  it('counts non-200 answers as errors with the first message', async () => {
    const result = await runLoad({ ...base, origin, path: '/nope', expect: { kind: 'card' }, requests: 5 });
    expect(result.errors).toBe(result.requests);
    expect(result.firstError).toBe('HTTP 404: no such path');
  });

  it('stretches a window no request could finish inside to the first answer, rather than report none', async () => {
    const result = await runLoad({
      ...base,
      concurrency: 1,
      origin,
      path: '/slow',
      expect: { kind: 'task', chunks: 1 },
      durationMs: 20,
    });
    expect(result.requests).toBe(1);
    expect(result.errors).toBe(0);
    expect(result.p50Ms).toBeGreaterThanOrEqual(200);
    expect(result.elapsedMs).toBeGreaterThanOrEqual(200);
  });
});
