import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { RawConnection, requestHead } from './raw-http-client.ts';
import { ResponseParser } from './response-parser.ts';

const servers: Server[] = [];

/** Starts a `node:http` server on 127.0.0.1 and a connection to it (POST /echo with a JSON header). */
async function serve(handler: RequestListener): Promise<RawConnection> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const head = requestHead(`http://127.0.0.1:${port}`, 'POST', '/echo', {
    'content-type': 'application/json',
  });
  return new RawConnection(head);
}

/** Reads a request body. */
async function bodyOf(req: Parameters<RequestListener>[0]): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('RawConnection', () => {
  it('reads Content-Length responses and sends the body with its byte length', async () => {
    const connection = await serve(async (req, res) => {
      const text = `${req.method} ${req.url} ${req.headers['content-type']} ${await bodyOf(req)}`;
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    });
    const response = await connection.send('{"text":"héllo ✓"}');
    expect(response).toEqual({
      status: 200,
      text: 'POST /echo application/json {"text":"héllo ✓"}',
      keepAlive: true,
    });
    connection.close();
  });

  it('reads chunked bodies written in many small writes, a chunk split across writes', async () => {
    const connection = await serve(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // Node sends each write() as one chunk, in its own packet here (a pause after each).
      res.flushHeaders();
      for (let i = 0; i < 5; i++) {
        res.write(`data: {"i":${i},"text":"✓ multi-byte"}\n\n`);
        await sleep(2);
      }
      res.end();
    });
    const response = await connection.send();
    const events = response.text.split('\n\n').filter((frame) => frame.startsWith('data:'));
    expect(response.status).toBe(200);
    expect(events).toEqual(Array.from({ length: 5 }, (_, i) => `data: {"i":${i},"text":"✓ multi-byte"}`));
    connection.close();
  });

  it('reads a chunked body whose bytes arrive split anywhere, with several chunks in one packet', async () => {
    const chunks = ['data: a\n\n', 'data: ✓✓\n\n', 'x'.repeat(300)];
    const encoded = Buffer.from(
      `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n${chunks
        .map((chunk) => `${Buffer.byteLength(chunk).toString(16)};ext=1\r\n${chunk}\r\n`)
        .join('')}0\r\nX-Trailer: yes\r\n\r\n`,
    );
    const expected = chunks.join('');
    for (const step of [1, 2, 3, 7, 64, encoded.length]) {
      const parser = new ResponseParser();
      let response: ReturnType<ResponseParser['push']>;
      for (let at = 0; at < encoded.length; at += step) {
        expect(response).toBeUndefined();
        response = parser.push(encoded.subarray(at, at + step));
      }
      expect(response).toEqual({ status: 200, text: expected, keepAlive: true });
    }
  });

  it('splits chunk size lines and chunk data across socket writes', async () => {
    const connection = await serve((req) => {
      const socket = req.socket;
      const pieces = [
        'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1',
        '0\r\n0123456789abcdef\r',
        '\n3\r\nabc\r\n0\r',
        '\n\r\n',
      ];
      const next = (): void => {
        const piece = pieces.shift();
        if (piece !== undefined) socket.write(piece, () => setTimeout(next, 5));
      };
      next();
    });
    const response = await connection.send();
    expect(response).toEqual({ status: 200, text: '0123456789abcdefabc', keepAlive: true });
    connection.close();
  });

  it('keeps the connection alive: consecutive requests use the same socket', async () => {
    const ports: number[] = [];
    const connection = await serve(async (req, res) => {
      ports.push(req.socket.remotePort ?? -1);
      res.end(await bodyOf(req));
    });
    for (let n = 1; n <= 5; n++) {
      expect((await connection.send(`{"n":${n}}`)).text).toBe(`{"n":${n}}`);
    }
    expect(new Set(ports).size).toBe(1);
    expect(connection.connections).toBe(1);
    connection.close();
  });

  it('reconnects when the server closes the connection after each response', async () => {
    const ports: number[] = [];
    const connection = await serve(async (req, res) => {
      ports.push(req.socket.remotePort ?? -1);
      res.writeHead(200, { connection: 'close' });
      res.end(await bodyOf(req));
    });
    for (let n = 1; n <= 4; n++) {
      const response = await connection.send(`{"n":${n}}`);
      expect(response).toEqual({ status: 200, text: `{"n":${n}}`, keepAlive: false });
    }
    expect(new Set(ports).size).toBe(4);
    expect(connection.connections).toBe(4);
    connection.close();
  });

  it('reconnects after the server drops an idle connection, and rejects a request left unanswered', async () => {
    let count = 0;
    const connection = await serve((req, res) => {
      count++;
      if (count === 1) res.end('first', () => setTimeout(() => req.socket.destroy(), 5));
      else if (count === 2) req.socket.destroy();
      else res.end('third');
    });
    expect((await connection.send()).text).toBe('first');
    await sleep(30);
    await expect(connection.send()).rejects.toThrow(/closed/);
    expect((await connection.send()).text).toBe('third');
    expect(connection.connections).toBe(3);
    connection.close();
  });

  it('surfaces a non-200 status with its body', async () => {
    const connection = await serve((_req, res) => {
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('overloaded');
    });
    expect(await connection.send('{}')).toEqual({ status: 503, text: 'overloaded', keepAlive: true });
    connection.close();
  });

  it('rejects when nothing listens', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const connection = new RawConnection(requestHead(`http://127.0.0.1:${port}`, 'GET', '/', {}));
    await expect(connection.send()).rejects.toThrow(/ECONNREFUSED/);
  });
});
