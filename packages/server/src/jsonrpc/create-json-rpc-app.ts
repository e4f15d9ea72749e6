import {
  A2AError,
  createJsonRpcError,
  type ProtocolVersion,
  resolveMethod,
  SUPPORTED_VERSIONS,
} from '@baton/protocol';
import { type Context, Hono } from 'hono';
import { type BindingLogger, consoleLogger } from '../binding/binding-logger.ts';
import { createCallContext } from '../binding/create-call-context.ts';
import { isJsonContentType } from '../binding/media-type.ts';
import { negotiateRequestVersion } from '../binding/request-version.ts';
import { retryAfterHeaders } from '../binding/retry-after.ts';
import { toA2AError } from '../binding/to-a2a-error.ts';
import { waitUntilOf } from '../binding/wait-until-of.ts';
import type { A2ARequestHandler } from '../handler/request-handler.ts';
import { createSseResponse } from '../sse/create-sse-response.ts';
import { directSseTarget } from '../sse/direct-sse-target.ts';
import type { CallUser } from '../vocabulary/call-context.ts';
import { sseIdOf } from '../vocabulary/event-generation.ts';
import { prepareCall } from './json-rpc-operations.ts';
import {
  createJsonRpcFrameSerializer,
  jsonRpcErrorResponse,
  jsonRpcErrorStreamResponse,
  jsonRpcResultResponse,
} from './json-rpc-responses.ts';
import { methodNotFound } from './method-not-found.ts';
import { notificationRefused, readJsonRpcRequest } from './read-json-rpc-request.ts';

/** Options of {@link createJsonRpcApp}. */
export interface JsonRpcAppOptions {
  /** The binding-neutral A2A operations the app calls. */
  readonly handler: A2ARequestHandler;
  /** Protocol versions this endpoint serves (default: 1.0 and 0.3); others get -32009 VersionNotSupported. */
  readonly supportedVersions?: readonly ProtocolVersion[];
  /** Milliseconds between SSE `: keep-alive` comments; default 15 000; `0` (or a non-finite value) turns them off. */
  readonly heartbeatMs?: number;
  /** Who is calling, for the call context (authentication plugs in here); an A2AError thrown here is answered. */
  readonly getUser?: (c: Context) => CallUser | undefined | Promise<CallUser | undefined>;
  /** Where unexpected errors are logged; the caller only sees a generic -32603. Default: `console.error`. */
  readonly logger?: BindingLogger;
  /** The agent's base URL for a request (see `CallContext.agentUrl`); default: none. */
  readonly agentUrlOf?: (request: Request) => string;
}

/**
 * The A2A JSON-RPC 2.0 binding as a Hono app answering `POST /`; mount it where the agent card says. Serves
 * the 1.0 methods (`A2A-Version: 1.0` header or query parameter) and the 0.3 methods and draft aliases (no
 * header, or `0.3`) on the same path, each in its own version's shapes and error format. Every answer is a
 * JSON-RPC response with HTTP 200, except streams (SSE) and other HTTP methods (405).
 *
 * @example
 * const app = new Hono().route('/a2a/jsonrpc', createJsonRpcApp({ handler }));
 */
export function createJsonRpcApp(options: JsonRpcAppOptions): Hono {
  const logger = options.logger ?? consoleLogger;
  const supported = options.supportedVersions ?? SUPPORTED_VERSIONS;
  const app = new Hono();

  app.post('/', async (c) => {
    const request = c.req.raw;
    const negotiated = negotiateRequestVersion(request, supported);
    const errorVersion = negotiated.ok ? negotiated.version : negotiated.errorVersion;
    const contentType = request.headers.get('Content-Type');
    if (contentType === null) {
      const message = 'Invalid request: Content-Type is missing; send application/json';
      return jsonRpcErrorResponse(null, A2AError.invalidRequest(message), errorVersion);
    }
    if (!isJsonContentType(contentType)) {
      // -32005 names the real problem (the conformance kit expects it); HTTP+JSON answers the same case with 415.
      const error = A2AError.from('ContentTypeNotSupportedError', {
        message: `Content-Type ${contentType} is not supported; send application/json`,
        metadata: { mediaType: contentType },
      });
      return jsonRpcErrorResponse(null, error, errorVersion);
    }
    let text: string;
    try {
      text = await c.req.text();
    } catch (error) {
      return jsonRpcErrorResponse(
        null,
        A2AError.jsonParse('Could not read the request body', error),
        errorVersion,
      );
    }
    const read = readJsonRpcRequest(text);
    if (!read.ok) return jsonRpcErrorResponse(read.id, read.error, errorVersion);
    const { id, method, params, hasId } = read.call;
    if (!negotiated.ok) return jsonRpcErrorResponse(id, negotiated.error, errorVersion);
    const version = negotiated.version;
    const resolved = resolveMethod(method);
    if (resolved?.version !== version) {
      return jsonRpcErrorResponse(id, methodNotFound(method, resolved, version), version);
    }
    const fail = (error: unknown) =>
      toA2AError(error, { logger, details: { binding: 'JSONRPC', method, id } });
    try {
      const user = await options.getUser?.(c);
      // The params are validated before the missing-id rule, as the official SDKs answer: -32602 names the field.
      const prepared = await prepareCall(resolved.method, version, params);
      if (!hasId) return jsonRpcErrorResponse(null, notificationRefused(), version);
      const call = createCallContext({
        request,
        version,
        binding: 'JSONRPC',
        tenant: prepared.tenant,
        user,
        agentUrlOf: options.agentUrlOf,
        waitUntil: waitUntilOf(c),
      });
      const outcome = await prepared.run(options.handler, call);
      if (outcome.kind === 'result') return jsonRpcResultResponse(id, outcome.result);
      const direct = directSseTarget(c);
      return createSseResponse(outcome.events, {
        serialize: createJsonRpcFrameSerializer(id, outcome.toWire),
        idOf: sseIdOf,
        onError: (error) => JSON.stringify(createJsonRpcError(id, fail(error), { version })),
        heartbeatMs: options.heartbeatMs,
        ...(direct ? { direct } : { signal: request.signal }),
      });
    } catch (error) {
      const a2aError = fail(error);
      const headers = retryAfterHeaders(a2aError);
      // A 0.3 streaming call that fails before its first event: one error frame, as 0.3 clients expect.
      const respond =
        version === '0.3' && resolved.streaming ? jsonRpcErrorStreamResponse : jsonRpcErrorResponse;
      return respond(id, a2aError, version, headers ? { headers } : {});
    }
  });

  app.all('/', (c) => {
    const message = `Invalid request: HTTP ${c.req.method} is not allowed; JSON-RPC requests are sent with POST`;
    return jsonRpcErrorResponse(null, A2AError.invalidRequest(message), errorVersionOf(c), {
      status: 405,
      headers: { Allow: 'POST' },
    });
  });

  // Last resort: nothing above should throw, but if it does the caller still gets JSON-RPC, not Hono's text 500.
  app.onError((error, c) => jsonRpcErrorResponse(null, toA2AError(error, { logger }), errorVersionOf(c)));

  function errorVersionOf(c: Context): ProtocolVersion {
    const negotiated = negotiateRequestVersion(c.req.raw, supported);
    return negotiated.ok ? negotiated.version : negotiated.errorVersion;
  }
  return app;
}
