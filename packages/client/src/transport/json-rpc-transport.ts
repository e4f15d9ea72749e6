import { A2AError, createId, createJsonRpcRequest, isJsonObject, SSE_MEDIA_TYPE } from '@baton/protocol';
import { A2AClientError } from '../errors/client-error.ts';
import { withEventId } from '../sse/event-id.ts';
import { bindOperations } from './bind-operations.ts';
import { decodeShape, parseJsonBody } from './decode.ts';
import { createHttpExchange, type RawResponse } from './http-exchange.ts';
import { JSON_RPC_V1_CODECS, JSON_RPC_V03_CODECS, type JsonRpcWire } from './json-rpc-codecs.ts';
import {
  IDEMPOTENT_OPERATIONS,
  OPERATION_METHODS,
  type OperationCodec,
  type OperationName,
} from './operation-codec.ts';
import type { CallOptions, Transport } from './transport.ts';
import type { TransportOptions } from './transport-options.ts';
import { withInterfaceTenant } from './with-tenant.ts';

/** Reads a JSON-RPC response body: the `result`, or the A2AError its `error` (or a non-2xx status) carries. */
/**
 * The `result` of a JSON-RPC response, or the A2A error it carries. Strict about the envelope (an object, `jsonrpc`
 * "2.0", the request's `id`), naming the field that is off; lenient only where `resultMayBeMissing` (a call whose
 * result is empty: some servers leave `result` out).
 */
function readEnvelope(raw: RawResponse, what: string, id: string, resultMayBeMissing = false): unknown {
  let body: unknown;
  try {
    body = parseJsonBody(raw.text, what);
  } catch (error) {
    if (raw.status < 200 || raw.status > 299) throw A2AError.fromRestStatus(raw.status, raw.text);
    throw error;
  }
  if (isJsonObject(body) && isJsonObject(body.error)) throw A2AError.fromJsonRpcError(body.error);
  if (raw.status < 200 || raw.status > 299) throw A2AError.fromRestStatus(raw.status, body);
  if (!isJsonObject(body)) {
    throw new A2AClientError('PROTOCOL', `${what} is not a JSON-RPC 2.0 response: not a JSON object`, {
      cause: body,
    });
  }
  if (body.jsonrpc !== '2.0') {
    const found = body.jsonrpc === undefined ? 'no `jsonrpc`' : `\`jsonrpc\` ${JSON.stringify(body.jsonrpc)}`;
    throw new A2AClientError('PROTOCOL', `${what} is not a JSON-RPC 2.0 response: ${found}, not "2.0"`, {
      cause: body,
    });
  }
  if (!('result' in body) && !resultMayBeMissing) {
    throw new A2AClientError(
      'PROTOCOL',
      `${what} is not a JSON-RPC 2.0 response: it has neither \`result\` nor \`error\``,
      {
        cause: body,
      },
    );
  }
  if (body.id !== id) {
    throw new A2AClientError('PROTOCOL', `${what} answers request ${JSON.stringify(body.id)}, not "${id}"`, {
      cause: body,
    });
  }
  return body.result;
}

/**
 * A transport for the JSON-RPC binding at A2A 1.0 or 0.3: every call is a POST of a JSON-RPC request to the
 * interface URL with `A2A-Version`; 1.0 requests carry the interface's `tenant`; 0.3 requests and results are
 * translated; streams are SSE of JSON-RPC responses.
 *
 * @example
 * const transport = createJsonRpcTransport({ url: 'https://agent.example/a2a/jsonrpc', version: '1.0' });
 * const task = await transport.getTask({ id: 'task-1' });
 */
export function createJsonRpcTransport(options: TransportOptions): Transport {
  const exchange = createHttpExchange(options);
  const codecs = options.version === '1.0' ? JSON_RPC_V1_CODECS : JSON_RPC_V03_CODECS;
  const tenant = options.version === '1.0' ? options.tenant : undefined;

  const encode = <Request>(codec: OperationCodec<Request, unknown, JsonRpcWire>, request: Request) => {
    const wire = codec.encode(withInterfaceTenant(request, tenant));
    const id = createId();
    const params = isJsonObject(wire.params) ? wire.params : undefined;
    return { id, envelope: createJsonRpcRequest(wire.method, params, id), method: wire.method };
  };
  const retryable = (operation: OperationName) =>
    IDEMPOTENT_OPERATIONS.has(operation) || options.retry?.retrySend === true;

  async function unary<Request, Result>(
    operation: OperationName,
    codec: OperationCodec<Request, Result, JsonRpcWire> | undefined,
    request: Request,
    call?: CallOptions,
  ): Promise<Result> {
    if (!codec) throw A2AError.unsupportedOperation(`${OPERATION_METHODS[operation]} is not part of A2A 0.3`);
    const { id, envelope, method } = encode(codec, request);
    const raw = await exchange.unary(
      {
        operation: OPERATION_METHODS[operation],
        url: options.url,
        method: 'POST',
        body: envelope,
        accept: 'application/json',
        retryable: retryable(operation),
      },
      call,
    );
    const result = readEnvelope(raw, `The ${method} response`, id, codec.resultMayBeMissing === true);
    return decodeShape(`${method} result`, result, codec.decode);
  }

  async function* stream<Request, Result>(
    operation: OperationName,
    codec: OperationCodec<Request, Result, JsonRpcWire>,
    request: Request,
    call?: CallOptions,
  ): AsyncGenerator<Result, void, undefined> {
    const { id, envelope, method } = encode(codec, request);
    const notSse = (raw: RawResponse): Error => {
      readEnvelope(raw, `The ${method} response`, id);
      const type = raw.headers.get('content-type') ?? 'none';
      return new A2AClientError('PROTOCOL', `${method} answered with ${type}, not an SSE stream`, {
        cause: raw.text,
      });
    };
    const events = exchange.stream(
      {
        operation: OPERATION_METHODS[operation],
        url: options.url,
        method: 'POST',
        body: envelope,
        accept: SSE_MEDIA_TYPE,
        retryable: retryable(operation),
      },
      call,
      notSse,
    );
    for await (const event of events) {
      const body = parseJsonBody(event.data, `A ${method} event`);
      if (isJsonObject(body) && isJsonObject(body.error)) throw A2AError.fromJsonRpcError(body.error);
      if (event.event === 'error') throw A2AError.fromJsonRpcError(body);
      if (!isJsonObject(body) || !('result' in body)) {
        throw new A2AClientError('PROTOCOL', `A ${method} event is not a JSON-RPC response`, { cause: body });
      }
      const decoded = decodeShape(`${method} event`, body.result, codec.decode);
      yield event.id ? withEventId(decoded, event.id) : decoded;
    }
  }

  return bindOperations({ binding: 'JSONRPC', version: options.version, url: options.url }, codecs, {
    unary,
    stream,
  });
}
