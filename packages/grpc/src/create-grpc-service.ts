/**
 * The implementation of `lf.a2a.v1.A2AService` over an A2A server's binding host: each RPC decodes its request to
 * ProtoJSON, runs the same operation as the JSON-RPC method of that name (same validation, handler, auth,
 * limits and stores), and answers in protobuf; streams write one message per event and end with the task.
 */

import {
  A2A_EXTENSIONS_HEADER,
  A2A_VERSION_HEADER,
  A2AError,
  type A2AMethod,
  assertJsonDepth,
  MAX_JSON_DEPTH,
  negotiateVersion,
  parseExtensionsHeader,
  type StreamResponse,
} from '@baton/protocol';
import type { A2ABindingHost, CallContext, CallUser } from '@baton/server';
import {
  createLazyAbort,
  type LazyAbort,
  prepareCall,
  toA2AError,
  withGenerationField,
} from '@baton/server/binding';
import {
  Metadata,
  type ServerUnaryCall,
  type ServerWritableStream,
  type sendUnaryData,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { a2aErrorToServiceError, authFailureToServiceError } from './grpc-status.ts';
import { decodeJson, encodeJson } from './proto-json.ts';
import { type A2ARpc, a2aRpcs } from './service-definition.ts';

/** The call's metadata as HTTP headers (text entries only), for authentication and trace context. */
export function metadataToHeaders(metadata: Metadata): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(metadata.getMap())) {
    if (key.endsWith('-bin') || typeof value !== 'string') continue;
    try {
      headers.append(key, value);
    } catch {
      // A value Headers refuses (a control character) cannot be a credential either.
    }
  }
  return headers;
}

/** The version a call asks for: gRPC serves 1.0, which a call without `a2a-version` also gets. */
function checkVersion(metadata: Metadata): void {
  const requested = metadata.get(A2A_VERSION_HEADER.toLowerCase()).map(String).join(',');
  if (requested.trim() !== '') negotiateVersion(requested, ['1.0']);
}

function readRequest(rpc: A2ARpc, bytes: Buffer): Record<string, unknown> {
  let params: Record<string, unknown>;
  try {
    params = decodeJson(rpc.requestType, bytes);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const why = /nesting depth/.test(reason)
      ? `it nests objects or arrays deeper than ${MAX_JSON_DEPTH} levels, the limit`
      : reason;
    throw A2AError.invalidParams(`The ${rpc.requestType.name} message could not be decoded: ${why}`);
  }
  // Before validation: a value nested thousands of levels deep would exhaust the validator's stack.
  assertJsonDepth(params, 'params');
  return params;
}

/** Builds the service implementation for `host`. */
export function createGrpcService(host: A2ABindingHost): UntypedServiceImplementation {
  if (!host.versions.includes('1.0')) {
    throw new Error('The gRPC binding serves A2A 1.0, which this server does not serve');
  }
  const fail = (error: unknown, rpc: A2ARpc) =>
    authFailureToServiceError(error) ??
    a2aErrorToServiceError(
      toA2AError(error, { logger: host.logger, details: { binding: 'GRPC', method: rpc.name } }),
    );

  const declared = new Set(host.declaredExtensions);
  // Tells the caller which of the extensions it asked for are active (spec §3.2.6), as the HTTP bindings do.
  function echoExtensions(
    call: ServerUnaryCall<Buffer, unknown> | ServerWritableStream<Buffer, unknown>,
    requested: readonly string[],
  ): void {
    const active = requested.filter((uri) => declared.has(uri));
    if (active.length === 0) return;
    const answer = new Metadata();
    answer.set(A2A_EXTENSIONS_HEADER.toLowerCase(), active.join(', '));
    call.sendMetadata(answer);
  }

  async function prepare(rpc: A2ARpc, bytes: Buffer, metadata: Metadata, canceled: LazyAbort) {
    checkVersion(metadata);
    const extensions = parseExtensionsHeader(metadata.get(A2A_EXTENSIONS_HEADER.toLowerCase()).map(String));
    const call = new GrpcCallContext(extensions, canceled, metadata);
    // Headers are built for a server that authenticates, or when the handler reads them (trace context, a resume).
    if (host.authenticates !== false) call.user = await host.authenticate(call.headers);
    const prepared = prepareCall(rpc.name as A2AMethod, '1.0', readRequest(rpc, bytes));
    call.tenant = prepared.tenant;
    return { outcome: await prepared.run(host.handler, call), extensions };
  }

  function unary(rpc: A2ARpc) {
    return async (call: ServerUnaryCall<Buffer, unknown>, callback: sendUnaryData<unknown>) => {
      const { canceled, settled } = cancelSignalOf(call);
      try {
        const { outcome, extensions } = await prepare(rpc, call.request, call.metadata, canceled);
        if (outcome.kind !== 'result') throw new Error(`${rpc.name} answered with a stream`);
        // Encoded here, not by grpc-js: a result that cannot be encoded is logged and answered as an A2A error.
        const bytes = encodeJson(rpc.responseType, outcome.result ?? {});
        echoExtensions(call, extensions);
        settled();
        callback(null, bytes);
      } catch (error) {
        settled();
        callback(fail(error, rpc));
      }
    };
  }

  function streaming(rpc: A2ARpc) {
    return async (call: ServerWritableStream<Buffer, unknown>) => {
      const { canceled, settled } = cancelSignalOf(call);
      try {
        const { outcome, extensions } = await prepare(rpc, call.request, call.metadata, canceled);
        if (outcome.kind !== 'stream') throw new Error(`${rpc.name} answered without a stream`);
        echoExtensions(call, extensions);
        for await (const event of outcome.events) {
          if (canceled.aborted) break;
          // Each event carries its task generation (the 1.1 draft's field, unknown to a 1.0 peer, which skips it):
          // what a client that lost its stream sends back as `last-event-id` metadata to get the rest replayed.
          const bytes = encodeJson(
            rpc.responseType,
            outcome.toWire(withGenerationField(event as StreamResponse)),
          );
          if (!call.write(bytes)) await drained(call);
        }
        if (!canceled.aborted) {
          settled();
          call.end();
        }
      } catch (error) {
        if (!canceled.aborted) {
          settled();
          call.emit('error', fail(error, rpc));
        }
      }
    };
  }

  return Object.fromEntries(a2aRpcs().map((rpc) => [rpc.name, rpc.streaming ? streaming(rpc) : unary(rpc)]));
}

interface CancelEvents {
  once(event: 'cancelled', listener: () => void): unknown;
  off(event: 'cancelled', listener: () => void): unknown;
}

/**
 * The call's cancel signal (made only when read: most unary calls finish without anyone reading it, and an
 * AbortController is not free), and `settled`, to call once the answer is about to go: grpc-js reports every
 * call as cancelled when its stream closes, answered or not, and an abort then would cost a DOMException (a
 * stack trace) per call for nobody.
 */
function cancelSignalOf(call: CancelEvents): { canceled: LazyAbort; settled: () => void } {
  const canceled = createLazyAbort();
  const onCancelled = () => canceled.abort(new DOMException('The client canceled the call', 'AbortError'));
  call.once('cancelled', onCancelled);
  return { canceled, settled: () => call.off('cancelled', onCancelled) };
}

// Waits until the stream can take more, or the client is gone.
function drained(call: ServerWritableStream<Buffer, unknown>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      call.off('drain', done);
      call.off('cancelled', done);
      resolve();
    };
    call.once('drain', done);
    call.once('cancelled', done);
  });
}

/**
 * The call context of one gRPC call. A class: its signal and its headers are made only when read, and a getter in an
 * object literal made once per call would be a dictionary-mode object in V8 (see docs/benchmarks.md, "What a task
 * costs").
 */
class GrpcCallContext implements CallContext {
  readonly version = '1.0';
  readonly binding = 'GRPC';
  readonly requestedExtensions: readonly string[];
  tenant: string | undefined = undefined;
  user: CallUser | undefined = undefined;
  private readonly canceled: LazyAbort;
  private readonly metadata: Metadata;
  private built: Headers | undefined = undefined;

  constructor(requestedExtensions: readonly string[], canceled: LazyAbort, metadata: Metadata) {
    this.requestedExtensions = requestedExtensions;
    this.canceled = canceled;
    this.metadata = metadata;
  }

  get headers(): Headers {
    this.built ??= metadataToHeaders(this.metadata);
    return this.built;
  }

  get signal(): AbortSignal {
    return this.canceled.signal;
  }
}
