import { A2A_MEDIA_TYPE, A2AError, isJsonObject, JSON_MEDIA_TYPE, SSE_MEDIA_TYPE } from '@baton/protocol';
import { A2AClientError } from '../errors/client-error.ts';
import { withEventId } from '../sse/event-id.ts';
import { bindOperations } from './bind-operations.ts';
import { decodeShape, parseJsonBody } from './decode.ts';
import { createHttpExchange, type RawResponse } from './http-exchange.ts';
import {
  IDEMPOTENT_OPERATIONS,
  OPERATION_METHODS,
  type OperationCodec,
  type OperationName,
} from './operation-codec.ts';
import { REST_V1_CODECS, REST_V03_CODECS, type RestWire } from './rest-codecs.ts';
import type { CallOptions, Transport } from './transport.ts';
import type { TransportOptions } from './transport-options.ts';

const isSuccess = (status: number) => status >= 200 && status <= 299;

/** The A2AError of a non-2xx response (google.rpc.Status, or the 0.3 bodies of a2a-js and a2a-python). */
function errorOf(raw: RawResponse): A2AError {
  let body: unknown = raw.text;
  try {
    body = JSON.parse(raw.text);
  } catch {
    // Not JSON (a proxy's HTML page, say): the status alone decides.
  }
  return A2AError.fromRestStatus(raw.status, body);
}

/** Builds a URL from the base, the tenant prefix, the path and the query (camelCase, booleans `true|false`). */
function routeUrl(base: string, tenant: string | undefined, wire: RestWire): string {
  const prefix = tenant ? `/${encodeURIComponent(tenant)}` : '';
  const url = new URL(`${base.replace(/\/+$/, '')}${prefix}${wire.path}`);
  for (const [name, value] of Object.entries(wire.query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
  }
  return url.toString();
}

/**
 * A transport for the HTTP+JSON binding at A2A 1.0 (routes at the interface URL, under `/{tenant}` when the
 * interface has one) or 0.3 (routes under `/v1`, bodies translated). Any 2xx is success; other statuses become
 * the A2AError their body describes. SubscribeToTask is a POST and falls back to GET on 405.
 *
 * @example
 * const transport = createRestTransport({ url: 'https://agent.example/a2a/rest', version: '1.0' });
 * const task = await transport.getTask({ id: 'task-1' });
 */
export function createRestTransport(options: TransportOptions): Transport {
  const exchange = createHttpExchange(options);
  const v1 = options.version === '1.0';
  const codecs = v1 ? REST_V1_CODECS : REST_V03_CODECS;
  const contentType = JSON_MEDIA_TYPE;
  const accept = v1 ? `${A2A_MEDIA_TYPE}, ${JSON_MEDIA_TYPE}` : JSON_MEDIA_TYPE;
  const retryable = (operation: OperationName) =>
    IDEMPOTENT_OPERATIONS.has(operation) || options.retry?.retrySend === true;

  const encode = <Request>(codec: OperationCodec<Request, unknown, RestWire>, request: Request) => {
    let tenant: string | undefined;
    let bare = request;
    if (isJsonObject(request) && 'tenant' in request) {
      const { tenant: own, ...rest } = request;
      tenant = typeof own === 'string' ? own : undefined;
      bare = rest as Request;
    }
    const wire = codec.encode(bare);
    return { wire, url: routeUrl(options.url, v1 ? (tenant ?? options.tenant) : undefined, wire) };
  };

  async function unary<Request, Result>(
    operation: OperationName,
    codec: OperationCodec<Request, Result, RestWire> | undefined,
    request: Request,
    call?: CallOptions,
  ): Promise<Result> {
    const name = OPERATION_METHODS[operation];
    if (!codec) throw A2AError.unsupportedOperation(`${name} is not part of A2A 0.3`);
    const { wire, url } = encode(codec, request);
    const raw = await exchange.unary(
      {
        operation: name,
        url,
        method: wire.method,
        body: wire.body,
        contentType,
        accept,
        retryable: retryable(operation),
      },
      call,
    );
    if (!isSuccess(raw.status)) throw errorOf(raw);
    const body = raw.text.trim() === '' ? null : parseJsonBody(raw.text, `The ${name} response`);
    return decodeShape(`${name} result`, body, codec.decode);
  }

  async function* stream<Request, Result>(
    operation: OperationName,
    codec: OperationCodec<Request, Result, RestWire>,
    request: Request,
    call?: CallOptions,
    method?: 'GET',
  ): AsyncGenerator<Result, void, undefined> {
    const name = OPERATION_METHODS[operation];
    const { wire, url } = encode(codec, request);
    const notSse = (raw: RawResponse): Error => {
      if (raw.status === 405 && operation === 'subscribeToTask' && method === undefined) {
        return new MethodNotAllowed(errorOf(raw));
      }
      if (!isSuccess(raw.status)) return errorOf(raw);
      const type = raw.headers.get('content-type') ?? 'none';
      return new A2AClientError('PROTOCOL', `${name} answered with ${type}, not an SSE stream`, {
        cause: raw.text,
      });
    };
    const events = exchange.stream(
      {
        operation: name,
        url,
        method: method ?? wire.method,
        ...(method === 'GET' || wire.body === undefined ? {} : { body: wire.body }),
        contentType,
        accept: SSE_MEDIA_TYPE,
        retryable: retryable(operation),
      },
      call,
      notSse,
    );
    for await (const event of events) {
      const body = parseJsonBody(event.data, `A ${name} event`);
      if (event.event === 'error' || (isJsonObject(body) && isJsonObject(body.error))) {
        const status = isJsonObject(body) && isJsonObject(body.error) ? body.error.code : undefined;
        throw A2AError.fromRestStatus(typeof status === 'number' ? status : 500, body);
      }
      const decoded = decodeShape(`${name} event`, body, codec.decode);
      yield event.id ? withEventId(decoded, event.id) : decoded;
    }
  }

  // The spec text says POST, the proto GET; a server that only knows GET answers 405 before the stream starts.
  async function* subscribe(request: Parameters<Transport['subscribeToTask']>[0], call?: CallOptions) {
    try {
      yield* stream('subscribeToTask', codecs.subscribeToTask, request, call);
    } catch (error) {
      if (!(error instanceof MethodNotAllowed)) throw error;
      yield* stream('subscribeToTask', codecs.subscribeToTask, request, call, 'GET');
    }
  }

  return bindOperations(
    { binding: 'HTTP+JSON', version: options.version, url: options.url },
    codecs,
    { unary, stream },
    { subscribeToTask: subscribe },
  );
}

/** A 405 to a POST subscribe: the cue to try GET, never seen by callers. */
class MethodNotAllowed extends Error {
  constructor(readonly error: A2AError) {
    super(error.message);
  }
}
