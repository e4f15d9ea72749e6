/**
 * What every request to the orchestrator passes before a route sees it, so that a web page the operator visits
 * cannot use the orchestrator, and a body cannot cost more than its limit:
 * - `Host` must name this orchestrator: a loopback name, the public URL's host or an allowed host. A page on a
 *   DNS-rebinding name that resolves to 127.0.0.1 sends its own name and is refused (421).
 * - A write (POST, PUT, PATCH, DELETE) from another site is refused (403): `Sec-Fetch-Site: cross-site`, or an
 *   `Origin` that is neither this orchestrator's nor an allowed origin.
 * - A write to the runs API must be `application/json`, an empty body included (415): a page can send
 *   `text/plain` or a form without a preflight, never JSON.
 * - A body over the limit is refused before it is read (413).
 * Every refusal is the API's JSON error. The A2A routes (the orchestrator as an agent) keep their own limits and
 * content rules; the `Host` and cross-site checks apply to them too.
 */
import { declaredBodyLimit } from '@baton/server/binding';
import type { MiddlewareHandler } from 'hono';
import { jsonError } from './json-errors.ts';

/** Options of {@link createRequestGuard}. */
export interface RequestGuardOptions {
  /** The public base URL, whose host (and origin) is this orchestrator's besides loopback. */
  readonly publicUrl?: string | undefined;
  /** More `host[:port]` values requests may name; `*` allows any (behind a proxy that checks it). */
  readonly allowedHosts?: readonly string[];
  /** Origins (`https://app.example`) that may write from a browser, besides this orchestrator's own. */
  readonly allowedOrigins?: readonly string[];
  /** Largest body of a runs API write, in bytes; default 64 KiB (a topic is at most 2,000 characters). */
  readonly maxBodyBytes?: number;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The host name of a `Host` value, lower case, brackets kept for IPv6, port dropped. */
function hostName(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.split(':')[0] ?? '';
}

/** Whether a host name (a `Host` value's, or an address to listen on) is this machine's loopback. */
export function isLoopbackName(name: string): boolean {
  return LOOPBACK_NAMES.has(name) || name.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(name);
}

/** The checks on `Host` and on cross-site writes, for every route. */
export function createRequestGuard(options: RequestGuardOptions = {}): MiddlewareHandler {
  const anyHost = options.allowedHosts?.includes('*') ?? false;
  const publicHost = options.publicUrl ? new URL(options.publicUrl).host.toLowerCase() : undefined;
  const allowedHosts = new Set(
    [...(options.allowedHosts ?? []), ...(publicHost ? [publicHost] : [])].map((host) => host.toLowerCase()),
  );
  const allowedOrigins = new Set(
    [
      ...(options.allowedOrigins ?? []),
      ...(options.publicUrl ? [new URL(options.publicUrl).origin] : []),
    ].map((origin) => origin.toLowerCase()),
  );
  // A browser says where a write comes from; curl, the CLI and other servers say nothing and are not refused.
  const isCrossSite = (origin: string | undefined, fetchSite: string | undefined, host: string) => {
    if (origin === undefined) return fetchSite === 'cross-site';
    const value = origin.toLowerCase();
    if (value === 'null') return true;
    return value.replace(/^https?:\/\//, '') !== host && !allowedOrigins.has(value);
  };
  const hostAllowed = (host: string) =>
    anyHost || allowedHosts.has(host) || allowedHosts.has(hostName(host)) || isLoopbackName(hostName(host));

  return async (c, next) => {
    const host = (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase();
    if (!hostAllowed(host)) {
      return jsonError(
        c,
        421,
        'HOST_NOT_ALLOWED',
        `This orchestrator does not answer for host ${host}; set PUBLIC_URL or BATON_ALLOWED_HOSTS to serve it`,
      );
    }
    if (
      WRITES.has(c.req.method) &&
      isCrossSite(c.req.header('origin'), c.req.header('sec-fetch-site'), host)
    ) {
      return jsonError(
        c,
        403,
        'CROSS_SITE_REFUSED',
        'Writes from another site are refused (Origin not allowed)',
      );
    }
    return next();
  };
}

/** The JSON-only and body-size rules for the runs API's writes. */
export function createJsonWriteGuard(
  options: Pick<RequestGuardOptions, 'maxBodyBytes'> = {},
): MiddlewareHandler {
  const maxSize = options.maxBodyBytes ?? 64 * 1024;
  const limit = declaredBodyLimit({
    maxSize,
    onError: (c) => jsonError(c, 413, 'BODY_TOO_LARGE', `The request body is larger than ${maxSize} bytes`),
  });
  return async (c, next) => {
    if (!WRITES.has(c.req.method)) return next();
    // A DELETE carries nothing (it cannot come from a cross-site form, and the cross-site check above holds it).
    if (
      c.req.method === 'DELETE' &&
      (c.req.header('content-length') ?? '0') === '0' &&
      !c.req.header('transfer-encoding')
    )
      return next();
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') {
      return jsonError(
        c,
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Writes must be sent as Content-Type: application/json (an empty body too)',
      );
    }
    return limit(c, next);
  };
}
