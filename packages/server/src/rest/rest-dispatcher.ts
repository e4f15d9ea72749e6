import type { ProtocolVersion } from '@baton/protocol';
import type { Context } from 'hono';
import {
  type BindingLogger,
  createCallContext,
  negotiateRequestVersion,
  retryAfterHeaders,
  toA2AError,
} from '../binding/index.ts';
import { waitUntilOf } from '../binding/wait-until-of.ts';
import type { A2ARequestHandler } from '../handler/request-handler.ts';
import { directSseTarget } from '../sse/direct-sse-target.ts';
import type { CallUser } from '../vocabulary/call-context.ts';
import { lazyV03Operations } from './lazy-v03-operations.ts';
import { createRouteMatcher, type RouteMatch, type RouteMatcher } from './match-route.ts';
import { type JsonBody, readJsonBody } from './read-json-body.ts';
import { responseMediaType } from './response-media-type.ts';
import {
  METHOD_NOT_ALLOWED,
  methodNotAllowedError,
  restErrorResponse,
  routeNotFoundError,
  UNAVAILABLE,
  UNSUPPORTED_MEDIA_TYPE,
  unsupportedMediaTypeError,
} from './rest-error-response.ts';
import type { RestOperations } from './rest-operation.ts';
import { V1_ROUTES, V03_ROUTES } from './rest-routes.ts';
import { restStreamResponse } from './rest-stream-response.ts';
import { V1_OPERATIONS } from './v1-operations.ts';

/** What the dispatcher needs: {@link RestAppOptions} with the defaults filled in. */
export interface RestDispatcherOptions {
  readonly handler: A2ARequestHandler;
  readonly supportedVersions: readonly ProtocolVersion[];
  readonly heartbeatMs: number | undefined;
  readonly getUser: ((c: Context) => CallUser | undefined | Promise<CallUser | undefined>) | undefined;
  readonly logger: BindingLogger;
  readonly agentUrlOf: ((request: Request) => string) | undefined;
  /** See `RestAppOptions.requireJsonContentType`. */
  readonly requireJsonContentType: boolean;
}

/** Answers one request, given the raw segments of its path below the mount point (`undefined`: no route). */
export type RestDispatcher = (c: Context, rawSegments: readonly string[] | undefined) => Promise<Response>;

interface VersionBinding {
  readonly match: RouteMatcher;
  readonly operations: RestOperations;
}

const BINDINGS: Readonly<Record<ProtocolVersion, VersionBinding>> = {
  '1.0': { match: createRouteMatcher(V1_ROUTES, { tenantPrefix: true }), operations: V1_OPERATIONS },
  '0.3': { match: createRouteMatcher(V03_ROUTES, { tenantPrefix: false }), operations: lazyV03Operations() },
};

const NOT_FOUND: RouteMatch = { kind: 'not-found' };

const NO_BODY: JsonBody = { ok: true, value: undefined };

// HEAD is routed as GET (Hono answers it with the GET response's headers).
const routingMethod = (request: Request): string => (request.method === 'HEAD' ? 'GET' : request.method);

/**
 * Builds the function that serves every request of the binding: negotiate the version, match the path in that
 * version's routes (404, 405), read the JSON body of a POST (415, 400), decode and validate the request (400),
 * call the handler and write its result or error in the caller's version and media type.
 */
export function createRestDispatcher(options: RestDispatcherOptions): RestDispatcher {
  const { handler, supportedVersions, logger } = options;

  // The other served version whose routes the path belongs to, to name in a 404.
  const routeOf = (version: ProtocolVersion, rawSegments: readonly string[], method: string) =>
    supportedVersions.find(
      (other) => other !== version && BINDINGS[other].match(rawSegments, method).kind !== 'not-found',
    );

  // The 404 or 405 of a request no route serves.
  const routeMiss = (
    request: Request,
    version: ProtocolVersion,
    match: RouteMatch,
    rawSegments?: readonly string[],
  ) => {
    const mediaType = responseMediaType(request, version);
    const path = new URL(request.url).pathname;
    if (match.kind === 'method-not-allowed') {
      const error = methodNotAllowedError(request.method, path, match.allow);
      const headers = { Allow: match.allow.join(', ') };
      return restErrorResponse(error, { version, mediaType, override: METHOD_NOT_ALLOWED, headers });
    }
    const other = rawSegments ? routeOf(version, rawSegments, routingMethod(request)) : undefined;
    return restErrorResponse(routeNotFoundError(request.method, path, version, other), {
      version,
      mediaType,
    });
  };

  return async (c, rawSegments) => {
    const request = c.req.raw;
    const negotiated = negotiateRequestVersion(request, supportedVersions);
    if (!negotiated.ok) {
      const version = negotiated.errorVersion;
      return restErrorResponse(negotiated.error, { version, mediaType: responseMediaType(request, version) });
    }
    const { version } = negotiated;
    const binding = BINDINGS[version];
    const match = rawSegments ? binding.match(rawSegments, routingMethod(request)) : NOT_FOUND;
    const run = match.kind === 'found' ? binding.operations[match.operation] : undefined;
    if (match.kind !== 'found' || run === undefined) return routeMiss(request, version, match, rawSegments);

    const mediaType = responseMediaType(request, version);
    const details = { binding: 'HTTP+JSON', version, operation: match.operation };
    try {
      const body =
        request.method === 'POST'
          ? await readJsonBody(request, { requireContentType: options.requireJsonContentType })
          : NO_BODY;
      if (!body.ok) {
        const error = unsupportedMediaTypeError(body.unsupportedContentType);
        return restErrorResponse(error, { version, mediaType, override: UNSUPPORTED_MEDIA_TYPE });
      }
      const user = await options.getUser?.(c);
      const query = new URL(request.url).searchParams;
      const input = { params: match.params, tenant: match.tenant, query, body: body.value };
      const contextFor = (tenant: string | undefined) =>
        createCallContext({
          request,
          version,
          binding: 'HTTP+JSON',
          tenant,
          user,
          agentUrlOf: options.agentUrlOf,
          waitUntil: waitUntilOf(c),
        });
      const result = await run(input, handler, contextFor);
      if (result.kind === 'stream') {
        const { heartbeatMs } = options;
        const direct = directSseTarget(c);
        return restStreamResponse(result.events, { request, version, heartbeatMs, logger, details, direct });
      }
      const headers = { 'Content-Type': mediaType };
      return new Response(JSON.stringify(result.body), { status: result.status, headers });
    } catch (error) {
      const a2aError = toA2AError(error, { logger, details });
      const headers = retryAfterHeaders(a2aError);
      if (!headers) return restErrorResponse(a2aError, { version, mediaType });
      return restErrorResponse(a2aError, { version, mediaType, override: UNAVAILABLE, headers });
    }
  };
}
