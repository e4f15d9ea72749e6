/**
 * A plain @grpc/grpc-js client of `lf.a2a.v1.A2AService`, speaking ProtoJSON objects through the package's codec:
 * for what the official SDK client cannot send (bad metadata, malformed bytes, deadlines, cancellation).
 */
import {
  type CallOptions,
  type ClientReadableStream,
  credentials,
  Metadata,
  makeGenericClientConstructor,
  type ServiceError,
} from '@grpc/grpc-js';
import { A2A_SERVICE_NAME } from '../src/a2a-proto.ts';
import { decodeJson, encodeJson } from '../src/proto-json.ts';
import { a2aRpcs } from '../src/service-definition.ts';

type Json = Record<string, unknown>;

export interface RawClient {
  unary(
    method: string,
    request: Json | Buffer,
    metadata?: Record<string, string>,
    options?: CallOptions,
    onMetadata?: (metadata: Metadata) => void,
  ): Promise<Json>;
  stream(method: string, request: Json, metadata?: Record<string, string>): ClientReadableStream<Json>;
  close(): void;
}

export function rawClient(address: string): RawClient {
  const definition = Object.fromEntries(
    a2aRpcs().map((rpc) => [
      rpc.name,
      {
        path: `/${A2A_SERVICE_NAME}/${rpc.name}`,
        requestStream: false,
        responseStream: rpc.streaming,
        requestSerialize: (value: Json | Buffer) =>
          Buffer.isBuffer(value) ? value : Buffer.from(encodeJson(rpc.requestType, value)),
        requestDeserialize: (bytes: Buffer) => decodeJson(rpc.requestType, bytes),
        responseSerialize: (value: Json) => Buffer.from(encodeJson(rpc.responseType, value)),
        responseDeserialize: (bytes: Buffer) => decodeJson(rpc.responseType, bytes),
      },
    ]),
  );
  const Client = makeGenericClientConstructor(definition, 'A2AService');
  const client = new Client(address, credentials.createInsecure()) as unknown as Record<
    string,
    (...args: unknown[]) => unknown
  > & {
    close(): void;
  };
  const toMetadata = (entries: Record<string, string> = {}) => {
    const metadata = new Metadata();
    for (const [key, value] of Object.entries(entries)) metadata.set(key, value);
    return metadata;
  };
  return {
    unary: (method, request, metadata, options = {}, onMetadata) =>
      new Promise((resolve, reject) => {
        const call = client[method]?.call(
          client,
          request,
          toMetadata(metadata),
          options,
          (error: ServiceError | null, value: Json) => (error ? reject(error) : resolve(value)),
        ) as { on(event: 'metadata', listener: (metadata: Metadata) => void): void } | undefined;
        if (onMetadata) call?.on('metadata', onMetadata);
      }),
    stream: (method, request, metadata) =>
      client[method]?.call(client, request, toMetadata(metadata)) as ClientReadableStream<Json>,
    close: () => client.close(),
  };
}
