import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../cli-io.ts';
import { parseCli } from '../cli-options.ts';
import { orchestratorOf } from './orchestrator-call.ts';

const io = { env: {} } as unknown as CliIo;

describe('the orchestrator call of the CLI', () => {
  it('sends a write with an Idempotency-Key and sends it again with the same key when its answer is lost', async () => {
    const seen: { key: string | undefined; body: string }[] = [];
    const server = createServer(async (request: IncomingMessage, response) => {
      let body = '';
      for await (const chunk of request) body += chunk;
      seen.push({ key: request.headers['idempotency-key'] as string | undefined, body });
      // The first answer is lost: the connection closes without one.
      if (seen.length === 1) return void request.socket.destroy();
      if (seen.length === 2) {
        response.writeHead(409, { 'content-type': 'application/json' });
        return void response.end('{"error":{"code":"IDEMPOTENCY_KEY_IN_PROGRESS","message":"under way"}}');
      }
      response.writeHead(202, { 'content-type': 'application/json' });
      response.end('{"runId":"r1"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { call } = orchestratorOf(io, parseCli([]).options);
      const response = await call(`http://127.0.0.1:${(server.address() as AddressInfo).port}/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"topic":"tea"}',
      });
      expect(await response.json()).toEqual({ runId: 'r1' });
      expect(seen).toHaveLength(3);
      expect(seen[0]?.key).toMatch(/^"[0-9a-f-]{36}"$/);
      expect(new Set(seen.map((request) => request.key)).size).toBe(1);
      expect(new Set(seen.map((request) => request.body))).toEqual(new Set(['{"topic":"tea"}']));
    } finally {
      server.close();
    }
  });

  it('takes another 409 as the answer, and sends reads without a key', async () => {
    const keys: (string | undefined)[] = [];
    const server = createServer((request, response) => {
      keys.push(request.headers['idempotency-key'] as string | undefined);
      response.writeHead(request.method === 'POST' ? 409 : 200, { 'content-type': 'application/json' });
      response.end(
        request.method === 'POST' ? '{"error":{"code":"RUN_FINISHED","message":"The run ended"}}' : '{}',
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { call } = orchestratorOf(io, parseCli([]).options);
      await expect(call(`${base}/runs/r1/cancel`, { method: 'POST', body: '{}' })).rejects.toThrow(
        'The run ended',
      );
      await call(`${base}/runs/r1`);
      expect(keys).toHaveLength(2);
      expect(keys[0]).toBeDefined();
      expect(keys[1]).toBeUndefined();
    } finally {
      server.close();
    }
  });
});
