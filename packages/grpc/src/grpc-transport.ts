/**
 * The gRPC transport of `@baton/client` (Node): the same operations, streaming, errors and retries as its HTTP
 * transports, over `lf.a2a.v1.A2AService`. Requests are the 1.0 ProtoJSON the client already builds, encoded by
 * the loaded proto; answers are decoded and validated by the same schemas as on the other bindings.
 */

import {
  A2AClientError,
  backoffDelay,
  bindOperations,
  type CallOptions,
  DEFAULT_ATTEMPTS,
  DEFAULT_STREAM_IDLE_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  decodeShape,
  IDEMPOTENT_OPERATIONS,
  type OperationCodec,
  type OperationName,
  sleep,
  type Transport,
  type TransportFactory,
  type TransportOptions,
  V1_OPERATION_CODECS,
  type V1OperationWire,
  withInterfaceTenant,
} from '@baton/client';
import { A2A_VERSION_HEADER, isA2AError } from '@baton/protocol';
import {
  type ChannelCredentials,
  type ChannelOptions,
  type ClientReadableStream,
  credentials as channelCredentials,
  type CallOptions as GrpcCallOptions,
  Client as GrpcClient,
  Metadata,
  type ServiceError,
} from '@grpc/grpc-js';
import { A2A_SERVICE_NAME } from './a2a-proto.ts';
import { fromGrpcError } from './grpc-client-error.ts';
import { decodeJson, encodeJson } from './proto-json.ts';
import { type A2ARpc, a2aRpcs } from './service-definition.ts';

/** Options of {@link grpcTransport}. */
export interface GrpcTransportOptions {
  /** Channel security: `credentials.createSsl(...)` for TLS; default plaintext (loopback, a trusted network). */
  readonly credentials?: ChannelCredentials;
  /** grpc-js channel options (keepalive, message sizes, …). */
  readonly channelOptions?: ChannelOptions;
}

/**
 * A transport factory for `createA2AClient`'s `transports.GRPC`: the client then also accepts the card's GRPC
 * interfaces (A2A 1.0). Headers, credentials (`credentials` option of the client) and `A2A-Version` travel as
 * metadata; HTTP interceptors do not apply to gRPC calls.
 *
 * @example
 * const client = await createA2AClient({ agent: 'http://127.0.0.1:4000', transports: { GRPC: grpcTransport() } });
 */
export function grpcTransport(grpcOptions: GrpcTransportOptions = {}): TransportFactory {
  return (options) => createGrpcTransport(options, grpcOptions);
}

/** Builds the gRPC transport for one interface (`url` is the card's `host:port`). */
export function createGrpcTransport(
  options: TransportOptions,
  grpcOptions: GrpcTransportOptions = {},
): Transport {
  if (options.version !== '1.0') {
    throw new A2AClientError(
      'NO_USABLE_INTERFACE',
      `gRPC is served for A2A 1.0; the interface says ${options.version}`,
    );
  }
  const address = options.url.replace(/^(grpcs?|https?):\/\//, '').replace(/\/+$/, '');
  const channel = new GrpcClient(
    address,
    grpcOptions.credentials ?? channelCredentials.createInsecure(),
    grpcOptions.channelOptions ?? {},
  );
  const rpcs = new Map(a2aRpcs().map((rpc) => [rpc.name, rpc]));
  const rpcOf = (method: string): A2ARpc => {
    const rpc = rpcs.get(method);
    if (!rpc) throw new A2AClientError('PROTOCOL', `The A2A service has no ${method} method`);
    return rpc;
  };
  // A call the agent refused as UNAUTHENTICATED (the decoded error's reason) goes once more when the authenticator
  // dropped what was refused (a refused OAuth token), as on the HTTP transports.
  const renewAfter = (error: unknown): boolean =>
    isA2AError(error) && error.reason === 'UNAUTHENTICATED' && options.authenticate?.refused?.() === true;
  const serialize = (rpc: A2ARpc) => (value: unknown) => Buffer.from(encodeJson(rpc.requestType, value));
  const deserialize = (rpc: A2ARpc) => (bytes: Buffer) => decodeJson(rpc.responseType, bytes);

  async function metadataFor(call: CallOptions | undefined): Promise<Metadata> {
    const headers = new Headers({ ...options.headers, ...call?.headers });
    headers.set(A2A_VERSION_HEADER, '1.0');
    await options.authenticate?.({ url: new URL(`http://${address}`), headers });
    const metadata = new Metadata();
    for (const [key, value] of headers) metadata.add(key, value);
    return metadata;
  }

  function encode<Request>(codec: OperationCodec<Request, unknown, V1OperationWire>, request: Request) {
    const wire = codec.encode(withInterfaceTenant(request, options.tenant));
    return { rpc: rpcOf(wire.method), params: wire.params ?? {} };
  }

  // One attempt of a unary call, canceled by the caller's signal.
  async function attempt(rpc: A2ARpc, params: unknown, call: CallOptions | undefined): Promise<unknown> {
    const metadata = await metadataFor(call);
    const deadline = Date.now() + (call?.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const signal = call?.signal;
    if (signal?.aborted)
      throw new A2AClientError('ABORTED', `${rpc.name} was aborted`, { cause: signal.reason });
    return new Promise((resolve, reject) => {
      const pending = channel.makeUnaryRequest(
        `/${A2A_SERVICE_NAME}/${rpc.name}`,
        serialize(rpc),
        deserialize(rpc),
        params,
        metadata,
        { deadline } satisfies GrpcCallOptions,
        (error: ServiceError | null, value?: unknown) => {
          signal?.removeEventListener('abort', onAbort);
          if (error) reject(fromGrpcError(error, rpc.name, signal?.aborted === true));
          else resolve(value);
        },
      );
      const onAbort = () => pending.cancel();
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  async function unary<Request, Result>(
    operation: OperationName,
    codec: OperationCodec<Request, Result, V1OperationWire> | undefined,
    request: Request,
    call?: CallOptions,
  ): Promise<Result> {
    if (!codec) throw new A2AClientError('PROTOCOL', `${operation} has no gRPC method`);
    const { rpc, params } = encode(codec, request);
    const retryable = IDEMPOTENT_OPERATIONS.has(operation) || options.retry?.retrySend === true;
    const attempts = retryable ? Math.max(1, options.retry?.attempts ?? DEFAULT_ATTEMPTS) : 1;
    let renewed = false;
    for (let number = 1; ; number++) {
      try {
        const result = await attempt(rpc, params, call);
        return decodeShape(`${rpc.name} result`, result, codec.decode);
      } catch (error) {
        // A refused credential is renewed and the call sent once more, whatever it is (nothing ran).
        if (!renewed && renewAfter(error)) {
          renewed = true;
          number -= 1;
          continue;
        }
        const again = number < attempts && error instanceof A2AClientError && error.code === 'NETWORK';
        if (!again) throw error;
        await (options.retry?.sleep ?? sleep)(backoffDelay(number - 1, options.retry), call?.signal);
      }
    }
  }

  async function* stream<Request, Result>(
    _operation: OperationName,
    codec: OperationCodec<Request, Result, V1OperationWire>,
    request: Request,
    call?: CallOptions,
  ): AsyncGenerator<Result, void, undefined> {
    const { rpc, params } = encode(codec, request);
    let started = false;
    try {
      for await (const event of openStream(rpc, params, codec, call)) {
        started = true;
        yield event;
      }
    } catch (error) {
      // Refused before any event: nothing ran, so the stream is opened once more with renewed credentials.
      if (started || !renewAfter(error)) throw error;
      yield* openStream(rpc, params, codec, call);
    }
  }

  async function* openStream<Result>(
    rpc: A2ARpc,
    params: unknown,
    codec: OperationCodec<unknown, Result, V1OperationWire>,
    call: CallOptions | undefined,
  ): AsyncGenerator<Result, void, undefined> {
    const metadata = await metadataFor(call);
    const signal = call?.signal;
    if (signal?.aborted)
      throw new A2AClientError('ABORTED', `${rpc.name} was aborted`, { cause: signal.reason });
    const responses: ClientReadableStream<unknown> = channel.makeServerStreamRequest(
      `/${A2A_SERVICE_NAME}/${rpc.name}`,
      serialize(rpc),
      deserialize(rpc),
      params,
      metadata,
      {},
    );
    // Until the first event the call's timeout applies, then the longest silence between events.
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        responses.cancel();
      }, ms);
    };
    const onAbort = () => responses.cancel();
    signal?.addEventListener('abort', onAbort, { once: true });
    arm(call?.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    try {
      for await (const event of responses) {
        arm(options.streamIdleTimeoutMs ?? DEFAULT_STREAM_IDLE_TIMEOUT_MS);
        yield decodeShape(`${rpc.name} event`, event, codec.decode);
      }
    } catch (error) {
      if (timedOut) throw new A2AClientError('TIMEOUT', `${rpc.name} went silent`, { cause: error });
      if (isServiceError(error)) throw fromGrpcError(error, rpc.name, signal?.aborted === true);
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      // Leaving the loop early (a `break`) ends the call on the server too.
      responses.cancel();
    }
  }

  return bindOperations({ binding: 'GRPC', version: '1.0', url: options.url }, V1_OPERATION_CODECS, {
    unary,
    stream,
  });
}

function isServiceError(error: unknown): error is ServiceError {
  return error instanceof Error && typeof (error as Partial<ServiceError>).code === 'number';
}
