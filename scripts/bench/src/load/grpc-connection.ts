/**
 * The load generator's gRPC side: calls `lf.a2a.v1.A2AService` with the JSON-RPC body a workload already has
 * (its `params` are the request's ProtoJSON), and hands back the answer in the JSON-RPC shape the checks read
 * (a unary result, or one `data:` frame per streamed event), so both bindings are checked the same way. All the
 * calls of one job share one channel, as a gRPC client would (HTTP/2 carries them side by side).
 */
import { A2A_SERVICE_NAME, a2aRpcs, decodeJson, encodeJson } from '@baton/grpc';
import { Client, credentials, Metadata, type ServiceError } from '@grpc/grpc-js';
import type { RawResponse } from './response-parser.ts';

/** One gRPC channel to a target (`host:port`). */
export class GrpcChannel {
  private readonly client: Client;
  private readonly rpcs = new Map(a2aRpcs().map((rpc) => [rpc.name, rpc]));
  private readonly metadata = new Metadata();

  constructor(address: string) {
    this.client = new Client(address, credentials.createInsecure());
    this.metadata.set('a2a-version', '1.0');
  }

  /** Sends the call a JSON-RPC body describes (`method`, `params`); never rejects for an A2A error. */
  send(body: string): Promise<RawResponse> {
    const { method, params } = JSON.parse(body) as { method: string; params: unknown };
    const rpc = this.rpcs.get(method);
    if (!rpc) return Promise.resolve({ status: 400, text: `no gRPC method ${method}`, keepAlive: true });
    const path = `/${A2A_SERVICE_NAME}/${method}`;
    const serialize = (value: unknown) => Buffer.from(encodeJson(rpc.requestType, value));
    const deserialize = (bytes: Buffer) => decodeJson(rpc.responseType, bytes);
    const failed = (error: ServiceError): RawResponse => ({
      status: 200,
      text: JSON.stringify({ error: { code: error.code, message: error.details } }),
      keepAlive: true,
    });
    if (!rpc.streaming) {
      return new Promise((resolve) => {
        this.client.makeUnaryRequest(path, serialize, deserialize, params, this.metadata, (error, value) =>
          resolve(
            error ? failed(error) : { status: 200, text: JSON.stringify({ result: value }), keepAlive: true },
          ),
        );
      });
    }
    return new Promise((resolve) => {
      const call = this.client.makeServerStreamRequest(path, serialize, deserialize, params, this.metadata);
      let text = '';
      call.on('data', (event: unknown) => {
        text += `data: ${JSON.stringify({ result: event })}\n\n`;
      });
      call.on('error', (error: ServiceError) => resolve(failed(error)));
      call.on('end', () => resolve({ status: 200, text, keepAlive: true }));
    });
  }

  close(): void {
    this.client.close();
  }
}
