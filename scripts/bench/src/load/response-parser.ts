/**
 * An incremental parser for one HTTP/1.1 response at a time, fed the bytes of a socket as they arrive.
 * It reads the status line and headers, then a body delimited by `Content-Length`, by
 * `Transfer-Encoding: chunked` or by the end of the connection; the body is decoded as UTF-8 once, at its end.
 */

/** A complete response. */
export interface RawResponse {
  readonly status: number;
  /** The body, decoded as UTF-8. */
  readonly text: string;
  /** Whether the connection may carry another request (no `Connection: close`, not HTTP/1.0 by default). */
  readonly keepAlive: boolean;
}

type State =
  | 'head'
  | 'body'
  | 'chunk-size'
  | 'chunk-data'
  | 'chunk-data-end'
  | 'trailers'
  | 'until-close'
  | 'done';

const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');
/** Longest head or chunk-size line waited for before the response is declared malformed. */
const MAX_LINE_BYTES = 64 * 1024;
const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})/;
const CHUNK_SIZE = /^[0-9a-fA-F]{1,12}$/;

/**
 * Parses one response; `reset()` before each request. `push` returns the response once its body ended;
 * bytes after the end of a response are ignored (one request in flight per connection, no pipelining).
 */
export class ResponseParser {
  private state: State = 'head';
  /** Bytes not consumed yet because a line (head, chunk size, chunk end, trailer) is incomplete. */
  private pending: Buffer | undefined;
  private status = 0;
  private keepAlive = true;
  /** Body bytes still expected, of the whole body (`body`) or of the current chunk (`chunk-data`). */
  private remaining = 0;
  private body: Buffer[] = [];

  /** Forgets everything: the next bytes pushed start a new response. */
  reset(): void {
    this.state = 'head';
    this.pending = undefined;
    this.status = 0;
    this.keepAlive = true;
    this.remaining = 0;
    this.body = [];
  }

  /** Consumes bytes from the socket: the response once complete, else `undefined`. Throws if malformed. */
  push(data: Buffer): RawResponse | undefined {
    const bytes = this.pending === undefined ? data : Buffer.concat([this.pending, data]);
    this.pending = undefined;
    let at = 0;
    while (this.state !== 'done') {
      const next = this.step(bytes, at);
      if (next === undefined) {
        if (at < bytes.length) this.keep(bytes.subarray(at));
        return undefined;
      }
      at = next;
    }
    return this.response();
  }

  /** The connection ended: the response if its body was delimited by the end of the connection. */
  finish(): RawResponse | undefined {
    if (this.state !== 'until-close') return undefined;
    this.state = 'done';
    return this.response();
  }

  /**
   * Consumes what it can of `bytes` from `at` in the current state: the offset reached, or `undefined`
   * when more bytes are needed (the bytes from `at` on are then kept for the next push).
   */
  private step(bytes: Buffer, at: number): number | undefined {
    switch (this.state) {
      case 'head': {
        const end = bytes.indexOf(HEAD_END, at);
        if (end < 0) return undefined;
        this.readHead(bytes.toString('latin1', at, end));
        return end + HEAD_END.length;
      }
      case 'body':
      case 'chunk-data': {
        if (at === bytes.length) return undefined;
        const taken = Math.min(this.remaining, bytes.length - at);
        this.body.push(bytes.subarray(at, at + taken));
        this.remaining -= taken;
        if (this.remaining === 0) this.state = this.state === 'body' ? 'done' : 'chunk-data-end';
        return at + taken;
      }
      case 'chunk-size': {
        const end = bytes.indexOf(CRLF, at);
        if (end < 0) return undefined;
        const size = bytes.toString('latin1', at, end).split(';', 1)[0]?.trim() ?? '';
        if (!CHUNK_SIZE.test(size)) throw new Error(`malformed chunk size line: ${JSON.stringify(size)}`);
        this.remaining = Number.parseInt(size, 16);
        this.state = this.remaining === 0 ? 'trailers' : 'chunk-data';
        return end + CRLF.length;
      }
      case 'chunk-data-end': {
        if (bytes.length - at < CRLF.length) return undefined;
        if (bytes[at] !== 13 || bytes[at + 1] !== 10) throw new Error('chunk data not followed by CRLF');
        this.state = 'chunk-size';
        return at + CRLF.length;
      }
      case 'trailers': {
        // Trailer fields are skipped; the empty line after them ends the response.
        const end = bytes.indexOf(CRLF, at);
        if (end < 0) return undefined;
        if (end === at) this.state = 'done';
        return end + CRLF.length;
      }
      case 'until-close':
        if (at < bytes.length) this.body.push(bytes.subarray(at));
        return bytes.length === at ? undefined : bytes.length;
      case 'done':
        return at;
    }
  }

  /** Reads the status line and headers, and picks how the body is delimited. */
  private readHead(head: string): void {
    const lines = head.split('\r\n');
    const match = STATUS_LINE.exec(lines[0] ?? '');
    if (!match) throw new Error(`malformed status line: ${JSON.stringify(lines[0]?.slice(0, 80))}`);
    const http10 = match[1] === '0';
    this.status = Number(match[2]);
    let contentLength: number | undefined;
    let chunked = false;
    let connection = '';
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i] as string;
      const colon = line.indexOf(':');
      if (colon <= 0) throw new Error(`malformed header line: ${JSON.stringify(line.slice(0, 80))}`);
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === 'content-length') {
        if (!/^\d{1,15}$/.test(value)) throw new Error(`malformed Content-Length: ${JSON.stringify(value)}`);
        contentLength = Number(value);
      } else if (name === 'transfer-encoding') {
        chunked = value.toLowerCase().endsWith('chunked');
      } else if (name === 'connection') {
        connection = value.toLowerCase();
      }
    }
    this.keepAlive = http10 ? connection.includes('keep-alive') : !connection.includes('close');
    if (this.status < 200) {
      // An interim response (100 Continue, 103 Early Hints): the final one follows.
      this.state = 'head';
    } else if (this.status === 204 || this.status === 304) {
      this.state = 'done';
    } else if (chunked) {
      this.state = 'chunk-size';
    } else if (contentLength !== undefined) {
      this.remaining = contentLength;
      this.state = contentLength === 0 ? 'done' : 'body';
    } else {
      this.keepAlive = false;
      this.state = 'until-close';
    }
  }

  /** Keeps unconsumed bytes of an incomplete line, refusing to wait for a line without end. */
  private keep(bytes: Buffer): void {
    if (bytes.length > MAX_LINE_BYTES) throw new Error(`response line longer than ${MAX_LINE_BYTES} bytes`);
    this.pending = bytes;
  }

  private response(): RawResponse {
    const body = this.body.length === 1 ? (this.body[0] as Buffer) : Buffer.concat(this.body);
    return { status: this.status, text: body.toString('utf8'), keepAlive: this.keepAlive };
  }
}
