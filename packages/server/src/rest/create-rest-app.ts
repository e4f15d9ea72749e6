import { type ProtocolVersion, SUPPORTED_VERSIONS } from '@baton/protocol';
import { type Context, Hono } from 'hono';
import {
  type BindingLogger,
  consoleLogger,
  errorVersionFor,
  readRequestedVersion,
  toA2AError,
} from '../binding/index.ts';
import type { A2ARequestHandler } from '../handler/request-handler.ts';
import type { CallUser } from '../vocabulary/call-context.ts';
import { createRestDispatcher } from './rest-dispatcher.ts';
import { restErrorResponse } from './rest-error-response.ts';
import { type RestRoute, V1_ROUTES, V03_ROUTES } from './rest-routes.ts';

/** Options of {@link createRestApp}. */
export interface RestAppOptions {
  /** Serves every operation, in A2A 1.0 types. */
  readonly handler: A2ARequestHandler;
  /** The versions served (`A2A-Version`; none means 0.3); default 1.0 and 0.3. */
  readonly supportedVersions?: readonly ProtocolVersion[];
  /** Milliseconds between SSE keep-alive comments; default 15 000, `0` turns them off. */
  readonly heartbeatMs?: number;
  /** Who is calling, for the call context; anonymous when absent or when it returns `undefined`. */
  readonly getUser?: (c: Context) => CallUser | undefined | Promise<CallUser | undefined>;
  /** Where failures the caller must not see are reported; default `console.error`. */
  readonly logger?: BindingLogger;
  /** The agent's base URL for a request (see `CallContext.agentUrl`); default: none. */
  readonly agentUrlOf?: (request: Request) => string;
  /**
   * Every POST must say `Content-Type: application/json`, an empty one too (415 otherwise). On when a
   * credential can travel in a cookie: a page on another site can send a form or an unlabelled body with the
   * user's cookies without asking, but JSON needs a CORS preflight, which the server's CORS settings refuse.
   */
  readonly requireJsonContentType?: boolean;
}

const segmentCount = (route: RestRoute): number => route.path.split('/').length - 1;

// Enough `/:segment` levels for the deepest 1.0 route plus a tenant, and the deepest 0.3 route.
const MAX_DEPTH = Math.max(
  ...V1_ROUTES.map((route) => segmentCount(route) + 1),
  ...V03_ROUTES.map(segmentCount),
);

function routePattern(depth: number): string {
  return Array.from({ length: depth }, (_, index) => `/:segment${index}`).join('');
}

// The last `depth` segments of the path as sent (still percent-encoded, so `%2F` and `%3A` stay data), whatever
// path the app is mounted at. A trailing slash only gets here under a non-strict parent app, which ignores it.
function lastRawSegments(url: string, depth: number): string[] {
  return new URL(url).pathname
    .replace(/(?<=.)\/$/, '')
    .split('/')
    .slice(-depth);
}

/**
 * The A2A HTTP+JSON binding as a Hono app to mount at the REST base path: every 1.0 route (spec §11.3), also
 * under a `/{tenant}` prefix, and the 0.3 routes under `/v1`, chosen by `A2A-Version` (header, else query
 * parameter; none means 0.3), never by the path alone, so `v1` stays usable as a 1.0 tenant. Each version
 * reads and writes its own shapes and error format. Every answer is JSON (or SSE), including 404 for an unknown
 * path and 405 for a method a route does not take: mount it under its own base path, since it answers every
 * path below that.
 *
 * @example
 * const app = new Hono();
 * app.route('/a2a/rest', createRestApp({ handler }));
 * // POST /a2a/rest/message:send  (A2A-Version: 1.0)   → SendMessage
 * // POST /a2a/rest/v1/message:send (no A2A-Version)   → 0.3 message/send
 */
export function createRestApp(options: RestAppOptions): Hono {
  const logger = options.logger ?? consoleLogger;
  const serve = createRestDispatcher({
    handler: options.handler,
    supportedVersions: options.supportedVersions ?? SUPPORTED_VERSIONS,
    heartbeatMs: options.heartbeatMs,
    getUser: options.getUser,
    logger,
    agentUrlOf: options.agentUrlOf,
    requireJsonContentType: options.requireJsonContentType ?? false,
  });
  const app = new Hono();
  for (let depth = 1; depth <= MAX_DEPTH; depth += 1) {
    app.all(routePattern(depth), (c) => serve(c, lastRawSegments(c.req.url, depth)));
  }
  app.all('*', (c) => serve(c, undefined));
  app.notFound((c) => serve(c, undefined));
  app.onError((error, c) => {
    const a2aError = toA2AError(error, { logger, details: { binding: 'HTTP+JSON' } });
    return restErrorResponse(a2aError, { version: errorVersionFor(readRequestedVersion(c.req.raw)) });
  });
  return app;
}
