import type { SecurityScheme } from '@baton/protocol';
import type { Context } from 'hono';
import type { CallUser } from '../vocabulary/call-context.ts';

/** What a verifier gets besides the request: the scheme as the card declares it, its name and the realm. */
export interface SchemeContext {
  /** The key of the scheme in the card's `securitySchemes`. */
  readonly name: string;
  /** The scheme as declared on the card; `undefined` when the card does not declare it (custom hooks). */
  readonly scheme: SecurityScheme | undefined;
  /** The realm written into challenges. */
  readonly realm: string;
}

/**
 * Checks one security scheme's credentials on a request: the caller when they are valid, `undefined` when
 * the request carries none for this scheme, and a thrown `AuthFailure` when they are present but bad.
 */
export interface SchemeVerifier {
  /** Verifies the request's credentials for this scheme. */
  verify(c: Context, scheme: SchemeContext): Promise<CallUser | undefined>;
  /** The `WWW-Authenticate` challenge sent when no credentials were given (no `error` parameter). */
  challenge(scheme: SchemeContext): string;
}
