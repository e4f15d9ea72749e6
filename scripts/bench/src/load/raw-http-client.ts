/**
 * A minimal HTTP/1.1 keep-alive client on `node:net` sockets, for a load generator aiming at a local
 * server: one connection carries one request at a time, reused for the next, with no pooling, no
 * redirects, no TLS and no timeouts. Much cheaper per request than a general-purpose client.
 */
import { connect, type Socket } from 'node:net';
import { type RawResponse, ResponseParser } from './response-parser.ts';

export type { RawResponse } from './response-parser.ts';

/** What every request to one target shares: where it goes and its head, encoded once. */
export interface RequestHead {
  readonly host: string;
  readonly port: number;
  /** The request line and headers, without `Content-Length` and the blank line that ends the head. */
  readonly bytes: Buffer;
}

/** Headers the client writes itself; the same names among the caller's headers are left out. */
const OWN_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding']);

/** Encodes the head shared by every request of `method` to `path` on `origin` (an `http:` URL). */
export function requestHead(
  origin: string,
  method: string,
  path: string,
  headers: Readonly<Record<string, string>>,
): RequestHead {
  const url = new URL(origin);
  if (url.protocol !== 'http:') throw new Error(`only http: origins are supported, not ${url.protocol}`);
  let head = `${method} ${path} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: keep-alive\r\n`;
  for (const [name, value] of Object.entries(headers)) {
    if (!OWN_HEADERS.has(name.toLowerCase())) head += `${name}: ${value}\r\n`;
  }
  // A bracketed IPv6 hostname (`[::1]`) is connected to without its brackets.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return { host, port: url.port === '' ? 80 : Number(url.port), bytes: Buffer.from(head, 'latin1') };
}

interface Waiting {
  readonly resolve: (response: RawResponse) => void;
  readonly reject: (error: Error) => void;
}

/**
 * One kept-alive connection carrying one request at a time. It connects on the first request, and again
 * on the next request after the server closed it (`Connection: close` or not); a request whose answer
 * did not arrive entirely before the connection failed or closed is rejected.
 */
export class RawConnection {
  private readonly head: RequestHead;
  private readonly parser = new ResponseParser();
  private socket: Socket | undefined;
  private waiting: Waiting | undefined;
  /** Sockets opened so far, reconnections included. */
  connections = 0;

  constructor(head: RequestHead) {
    this.head = head;
  }

  /** Sends one request with this body (none when `undefined`) and resolves with its complete response. */
  send(body?: string): Promise<RawResponse> {
    if (this.waiting) return Promise.reject(new Error('a request is already in flight on this connection'));
    const socket = this.socket ?? this.open();
    const tail = body === undefined ? '\r\n' : `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    this.parser.reset();
    return new Promise<RawResponse>((resolve, reject) => {
      this.waiting = { resolve, reject };
      socket.cork();
      socket.write(this.head.bytes);
      socket.write(tail);
      socket.uncork();
    });
  }

  /** Closes the connection; a request still in flight is rejected. */
  close(): void {
    if (this.socket) this.fail(this.socket, new Error('connection closed by the client'));
  }

  private open(): Socket {
    const socket = connect({ host: this.head.host, port: this.head.port });
    socket.setNoDelay(true);
    socket.on('data', (data: Buffer) => this.onData(socket, data));
    socket.on('end', () => this.onEnd(socket));
    socket.on('error', (error) => this.fail(socket, error));
    socket.on('close', () => this.fail(socket, new Error('connection closed')));
    this.socket = socket;
    this.connections++;
    return socket;
  }

  private onData(socket: Socket, data: Buffer): void {
    if (socket !== this.socket || this.waiting === undefined) return;
    let response: RawResponse | undefined;
    try {
      response = this.parser.push(data);
    } catch (error) {
      this.fail(socket, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (response !== undefined) this.answer(socket, response);
  }

  /** The server ended the connection: it answers the request in flight only if its body ran to the end. */
  private onEnd(socket: Socket): void {
    const response = socket === this.socket && this.waiting ? this.parser.finish() : undefined;
    if (response !== undefined) this.answer(socket, response);
    else this.fail(socket, new Error('connection closed by the server before the response ended'));
  }

  private answer(socket: Socket, response: RawResponse): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    if (!response.keepAlive) this.drop(socket);
    waiting?.resolve(response);
  }

  /** The connection is unusable: forget it (the next request reconnects) and reject the request in flight. */
  private fail(socket: Socket, error: Error): void {
    if (socket !== this.socket) return;
    const waiting = this.waiting;
    this.waiting = undefined;
    this.drop(socket);
    waiting?.reject(error);
  }

  private drop(socket: Socket): void {
    if (socket === this.socket) this.socket = undefined;
    socket.destroy();
  }
}
