/** Why a call was refused: no or bad credentials (401), or not enough permission (403). */
export type AuthFailureKind = 'unauthenticated' | 'forbidden';

/** Options of {@link AuthFailure}. */
export interface AuthFailureOptions {
  /** `WWW-Authenticate` challenges to send, one per scheme the caller may use. */
  readonly challenges?: readonly string[];
  /** What went wrong, safe to show the caller. */
  readonly description?: string;
  /** The original error, for logs only. */
  readonly cause?: unknown;
}

const BRAND = Symbol.for('@baton/server/AuthFailure');

/** A refused authentication or authorization; the auth middleware answers it with 401 or 403. */
export class AuthFailure extends Error {
  /** 401 or 403. */
  readonly kind: AuthFailureKind;
  /** `WWW-Authenticate` challenges. */
  readonly challenges: readonly string[];
  readonly [BRAND] = true;

  constructor(kind: AuthFailureKind, message: string, options: AuthFailureOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AuthFailure';
    this.kind = kind;
    this.challenges = [...(options.challenges ?? [])];
  }

  /** The HTTP status the failure is answered with. */
  get httpStatus(): 401 | 403 {
    return this.kind === 'unauthenticated' ? 401 : 403;
  }
}

/** Whether a value is an {@link AuthFailure} (also one from another copy of this module). */
export function isAuthFailure(value: unknown): value is AuthFailure {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}

/** Quotes a value for an RFC 7235 auth-param (`"` and `\` escaped, control characters dropped). */
export function quoteAuthParam(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  return `"${value.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/["\\]/g, '\\$&')}"`;
}

/** Builds a challenge such as `Bearer realm="a2a", error="invalid_token"` from the params that are set. */
export function buildChallenge(scheme: string, params: Readonly<Record<string, string | undefined>>): string {
  const parts = Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${quoteAuthParam(value)}`);
  return parts.length === 0 ? scheme : `${scheme} ${parts.join(', ')}`;
}
