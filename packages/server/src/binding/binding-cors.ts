import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { addAnswerHeaders } from './answer-headers.ts';

/** Headers a browser page may read from an answer: activated extensions, why a call was refused, when to retry. */
const EXPOSED = ['A2A-Extensions', 'X-A2A-Extensions', 'WWW-Authenticate', 'Retry-After'];

/**
 * CORS for the JSON-RPC and HTTP+JSON routes: `true` allows any origin, a list allows those. The request
 * headers a preflight asks for are allowed (A2A-Version, A2A-Extensions, credentials of any scheme), and
 * preflights are cached for a day. An answer's CORS headers are also recorded with `addAnswerHeaders`, for a
 * stream written straight to the socket.
 */
export function bindingCors(allowed: true | readonly string[]): MiddlewareHandler {
  const preflight = cors({
    origin: allowed === true ? '*' : [...allowed],
    allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    exposeHeaders: EXPOSED,
    maxAge: 86400,
  });
  const exposed = EXPOSED.join(',');
  const allowOrigin = (origin: string | undefined) =>
    allowed === true ? '*' : origin !== undefined && allowed.includes(origin) ? origin : undefined;
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    const origin = allowOrigin(c.req.header('Origin'));
    // Set after the handler, like every header on an answer (a direct stream takes them from the context).
    const headers: Record<string, string> = origin
      ? { 'access-control-allow-origin': origin, 'access-control-expose-headers': exposed }
      : {};
    if (allowed !== true) headers.vary = 'Origin';
    addAnswerHeaders(c, headers);
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}
