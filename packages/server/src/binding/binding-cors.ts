import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/** Headers a browser page may read from an answer: activated extensions, why a call was refused, when to retry. */
const EXPOSED = ['A2A-Extensions', 'X-A2A-Extensions', 'WWW-Authenticate', 'Retry-After'];

/**
 * CORS for the JSON-RPC and HTTP+JSON routes: `true` allows any origin, a list allows those. The request
 * headers a preflight asks for are allowed (A2A-Version, A2A-Extensions, credentials of any scheme), and
 * preflights are cached for a day.
 */
export function bindingCors(allowed: true | readonly string[]): MiddlewareHandler {
  return cors({
    origin: allowed === true ? '*' : [...allowed],
    allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    exposeHeaders: EXPOSED,
    maxAge: 86400,
  });
}
