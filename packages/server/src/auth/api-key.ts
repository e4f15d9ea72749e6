import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { CallUser } from '../vocabulary/call-context.ts';
import { AuthFailure, buildChallenge } from './auth-failure.ts';
import type { SchemeContext, SchemeVerifier } from './scheme-verifier.ts';

/** Options of {@link apiKey}. */
export interface ApiKeyOptions {
  /** Valid keys and the caller each stands for, or a lookup (`undefined` for an unknown key). */
  readonly keys:
    | Readonly<Record<string, CallUser>>
    | ((key: string, c: Context) => CallUser | undefined | Promise<CallUser | undefined>);
}

function apiKeyScheme(context: SchemeContext): { location: string; name: string } {
  const scheme = context.scheme;
  const declared =
    scheme !== undefined && 'apiKeySecurityScheme' in scheme ? scheme.apiKeySecurityScheme : undefined;
  if (declared === undefined) {
    throw new TypeError(`Security scheme "${context.name}" is not an apiKeySecurityScheme on the card`);
  }
  return { location: declared.location.toLowerCase(), name: declared.name };
}

function readKey(c: Context, location: string, name: string): string | undefined {
  if (location === 'header') return c.req.header(name);
  if (location === 'query') return c.req.query(name);
  if (location === 'cookie') return getCookie(c, name);
  throw new TypeError(`Unsupported apiKey location "${location}"`);
}

function challengeFor(context: SchemeContext, error?: { readonly description: string }): string {
  const { location, name } = apiKeyScheme(context);
  return buildChallenge('ApiKey', {
    realm: context.realm,
    in: location,
    name,
    error: error === undefined ? undefined : 'invalid_key',
    error_description: error?.description,
  });
}

/**
 * Verifies an API key sent where the card's `apiKeySecurityScheme` says (header, query parameter or cookie).
 *
 * @example
 * apiKey({ keys: { 'k-123': { id: 'alice', scopes: ['trips:read'] } } })
 */
export function apiKey(options: ApiKeyOptions): SchemeVerifier {
  const { keys } = options;
  const lookup = async (key: string, c: Context): Promise<CallUser | undefined> =>
    typeof keys === 'function' ? keys(key, c) : Object.hasOwn(keys, key) ? keys[key] : undefined;
  return {
    challenge: (context) => challengeFor(context),
    async verify(c, context) {
      const { location, name } = apiKeyScheme(context);
      const key = readKey(c, location, name);
      if (key === undefined || key === '') return undefined;
      const user = await lookup(key, c);
      if (user !== undefined) return user;
      const description = `The API key in ${location} "${name}" is not valid`;
      throw new AuthFailure('unauthenticated', description, {
        challenges: [challengeFor(context, { description })],
      });
    },
  };
}
