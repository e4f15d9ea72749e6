/**
 * The load generator's gRPC side: calls `lf.a2a.v1.A2AService` with the JSON-RPC body a workload already has
 * (its `params` are the request's ProtoJSON), and hands back the answer in the JSON-RPC shape the checks read
 * (a unary result, or one `data:` frame per streamed event), so both bindings are checked the same way. All the
 * calls of one job share one HTTP/2 connection, as a gRPC client's channel does.
 *
 * It speaks gRPC over `node:http2` itself (length-prefixed messages, `grpc-status` in the trailers) rather than
 * through @grpc/grpc-js's client, for the reason the HTTP side uses a raw client: the client must not be the
 * limit. With grpc-js's client a server that does nothing but decode and encode (the gRPC floor) served about
 * 3,100 calls/s on this machine with the load generator's core saturated; the servers are what W11 measures.
 */
import { type ClientHttp2Session, connect, constants } from 'node:http2';
import { connect as netConnect } from 'node:net';
import { A2A_SERVICE_NAME, type A2ARpc, a2aRpcs, decodeJson, encodeJson } from '@baton/grpc';
import type { RawResponse } from './response-parser.ts';

const { HTTP2_HEADER_METHOD, HTTP2_HEADER_PATH, HTTP2_HEADER_CONTENT_TYPE, HTTP2_HEADER_TE } = constants;

/** The messages of a gRPC body: each a 5-byte prefix (compressed flag, big-endian length), then its bytes. */
function* messagesOf(body: Buffer): Generator<Buffer> {
  let offset = 0;
  while (offset + 5 <= body.length) {
    const length = body.readUInt32BE(offset + 1);
    yield body.subarray(offset + 5, offset + 5 + length);
    offset += 5 + length;
  }
}

function framed(message: Uint8Array): Buffer {
  const frame = Buffer.allocUnsafe(5 + message.length);
  frame[0] = 0;
  frame.writeUInt32BE(message.length, 1);
  frame.set(message, 5);
  return frame;
}

/** One gRPC connection to a target (`host:port`). */
export class GrpcChannel {
  private readonly session: ClientHttp2Session;
  private readonly rpcs = new Map(a2aRpcs().map((rpc) => [rpc.name, rpc]));

  constructor(address: string) {
    const { hostname, port } = new URL(`http://${address}`);
    this.session = connect(`http://${address}`, {
      createConnection: () => netConnect({ host: hostname, port: Number(port), noDelay: true }),
    });
    // A failed connection shows in each call's answer; the session's own error needs a listener, not a crash.
    this.session.on('error', () => undefined);
  }

  /** Sends the call a JSON-RPC body describes (`method`, `params`); never rejects for an A2A error. */
  send(body: string): Promise<RawResponse> {
    const { method, params } = JSON.parse(body) as { method: string; params: unknown };
    const rpc = this.rpcs.get(method);
    if (!rpc) return Promise.resolve({ status: 400, text: `no gRPC method ${method}`, keepAlive: true });
    return this.call(rpc, framed(encodeJson(rpc.requestType, params)));
  }

  private call(rpc: A2ARpc, request: Buffer): Promise<RawResponse> {
    return new Promise((resolve) => {
      const stream = this.session.request({
        [HTTP2_HEADER_METHOD]: 'POST',
        [HTTP2_HEADER_PATH]: `/${A2A_SERVICE_NAME}/${rpc.name}`,
        [HTTP2_HEADER_CONTENT_TYPE]: 'application/grpc',
        [HTTP2_HEADER_TE]: 'trailers',
        'a2a-version': '1.0',
      });
      const chunks: Buffer[] = [];
      // A trailers-only answer (an error before any message) carries its status in the headers.
      let status: string | undefined;
      let message = '';
      const take = (headers: Record<string, unknown>) => {
        if (headers['grpc-status'] !== undefined) status = String(headers['grpc-status']);
        if (headers['grpc-message'] !== undefined)
          message = decodeURIComponent(String(headers['grpc-message']));
      };
      stream.on('response', take);
      stream.on('trailers', take);
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error: Error) => resolve({ status: 502, text: error.message, keepAlive: true }));
      stream.on('end', () => {
        if (status !== '0') {
          const error = { code: Number(status ?? -1), message };
          resolve({ status: 200, text: JSON.stringify({ error }), keepAlive: true });
          return;
        }
        const results = [...messagesOf(Buffer.concat(chunks))].map((bytes) =>
          decodeJson(rpc.responseType, bytes),
        );
        const text = rpc.streaming
          ? results.map((result) => `data: ${JSON.stringify({ result })}\n\n`).join('')
          : JSON.stringify({ result: results[0] });
        resolve({ status: 200, text, keepAlive: true });
      });
      stream.end(request);
    });
  }

  close(): void {
    this.session.close();
  }
}
