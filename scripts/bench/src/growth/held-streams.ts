/**
 * Idle SSE streams for W10's memory curve: raw sockets that each send one streaming JSON-RPC request, read its
 * first event and then stay open without reading more or sending anything, as an idle subscriber does.
 */
import { connect, type Socket } from 'node:net';
import { JSON_RPC_PATH } from '../workload.ts';

/** Streams held open, and how many did not start as expected. */
export interface HeldStreams {
  readonly open: number;
  readonly failures: number;
  readonly firstFailure?: string;
  /** The first event of the first stream, e.g. the Task it opened with. */
  readonly firstEvent?: string;
  close(): void;
}

function request(origin: URL, body: string): string {
  return [
    `POST ${JSON_RPC_PATH} HTTP/1.1`,
    `Host: ${origin.host}`,
    'Content-Type: application/json',
    'Accept: text/event-stream',
    'A2A-Version: 1.0',
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ].join('\r\n');
}

/** Opens one stream; resolves with its socket and first `data:` line once that arrived. */
function openOne(origin: URL, body: string): Promise<{ socket: Socket; event: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: origin.hostname, port: Number(origin.port) });
    let received = '';
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error('no first event within 10 s')), 10_000);
    socket.setEncoding('utf8');
    socket.once('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (!received.startsWith('HTTP/1.1 200')) {
        if (received.includes('\r\n\r\n')) {
          clearTimeout(timer);
          fail(new Error(`answered ${received.slice(0, 200)}`));
        }
        return;
      }
      const match = /data: ?(.*)\n/.exec(received);
      if (!match?.[1]) return;
      clearTimeout(timer);
      // Idle from here on: the socket is paused, so what the server sends later stays in the kernel's buffers.
      socket.removeAllListeners('data');
      socket.pause();
      resolve({ socket, event: match[1] });
    });
    socket.write(request(origin, body));
  });
}

/** Opens `count` streams with `body` (in batches, so the server's accept queue is not flooded). */
export async function holdStreams(origin: string, body: string, count: number): Promise<HeldStreams> {
  const url = new URL(origin);
  const sockets: Socket[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  let firstEvent: string | undefined;
  for (let start = 0; start < count; start += 200) {
    const batch = Array.from({ length: Math.min(200, count - start) }, () => openOne(url, body));
    for (const outcome of await Promise.allSettled(batch)) {
      if (outcome.status === 'fulfilled') {
        sockets.push(outcome.value.socket);
        firstEvent ??= outcome.value.event;
      } else {
        failures += 1;
        firstFailure ??= String(outcome.reason);
      }
    }
  }
  return {
    open: sockets.length,
    failures,
    ...(firstFailure === undefined ? {} : { firstFailure }),
    ...(firstEvent === undefined ? {} : { firstEvent }),
    close: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
}
