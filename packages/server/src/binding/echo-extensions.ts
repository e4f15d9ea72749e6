import { A2A_EXTENSIONS_HEADER, LEGACY_EXTENSIONS_HEADER } from '@baton/protocol';
import type { MiddlewareHandler } from 'hono';
import { addAnswerHeaders } from './answer-headers.ts';
import { readRequestedExtensions } from './create-call-context.ts';
import { errorVersionFor, readRequestedVersion } from './request-version.ts';

/**
 * Middleware that tells the caller which of the extensions it asked for are active: those the agent card
 * declares. They are echoed in `A2A-Extensions` (and `X-A2A-Extensions` for a 0.3 caller), as spec §3.2.6
 * asks; extensions the agent does not know are left out, and nothing is added when none is active.
 */
export function echoActivatedExtensions(declared: readonly string[]): MiddlewareHandler {
  const known = new Set(declared);
  return async (c, next) => {
    const version = errorVersionFor(readRequestedVersion(c.req.raw));
    const active = readRequestedExtensions(c.req.raw, version).filter((uri) => known.has(uri));
    if (active.length === 0) return next();
    const header = version === '0.3' ? LEGACY_EXTENSIONS_HEADER : A2A_EXTENSIONS_HEADER;
    const value = active.join(', ');
    addAnswerHeaders(c, { [header]: value });
    await next();
    c.res.headers.set(header, value);
  };
}
