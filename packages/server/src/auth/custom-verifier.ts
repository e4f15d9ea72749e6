import type { Context } from 'hono';
import type { CallUser } from '../vocabulary/call-context.ts';
import { buildChallenge } from './auth-failure.ts';
import type { SchemeVerifier } from './scheme-verifier.ts';

/** Options of {@link custom}. */
export interface CustomVerifierOptions {
  /** The challenge sent when no credentials were given; default `<scheme name> realm="<realm>"`. */
  readonly challenge?: string;
}

/**
 * A verifier from your own hook: return the caller, `undefined` when the request carries no credentials for
 * this scheme, or throw an `AuthFailure` for bad ones (any other error is a 500).
 *
 * @example
 * custom((c) => (c.req.header('X-Internal') === secret ? { id: 'internal' } : undefined))
 */
export function custom(
  verify: (c: Context) => CallUser | undefined | Promise<CallUser | undefined>,
  options: CustomVerifierOptions = {},
): SchemeVerifier {
  return {
    challenge: (context) => options.challenge ?? buildChallenge(context.name, { realm: context.realm }),
    verify: async (c) => verify(c),
  };
}
