import type { Context, MiddlewareHandler } from 'hono';
import { errorVersionFor, readRequestedVersion } from '../binding/request-version.ts';
import type { CallUser } from '../vocabulary/call-context.ts';
import { AuthFailure, isAuthFailure } from './auth-failure.ts';
import { type AuthBinding, authFailureResponse } from './auth-response.ts';
import type { Authenticator } from './create-authenticator.ts';
import { isExtendedCardCall } from './extended-card-call.ts';

/** The Hono variables the auth middleware sets. */
export interface AuthVariables {
  /** The authenticated caller; absent for an anonymous call. */
  a2aUser?: CallUser;
}

/** Options of {@link createAuthMiddleware}. */
export interface AuthMiddlewareOptions {
  /** From `createAuthenticator`, or any function that returns the caller or throws an `AuthFailure`. */
  readonly authenticate: Authenticator;
  /** The binding mounted behind the middleware; decides the format of 401 / 403 bodies. */
  readonly binding: AuthBinding;
}

/**
 * Hono middleware for the JSON-RPC or HTTP+JSON routes (not the card routes): authenticates every request,
 * answers 401 / 403 itself with `WWW-Authenticate` and a body in the binding's error format, and stores the
 * caller for {@link getAuthUser}. An anonymous call (authenticator allows it) never gets the extended card.
 *
 * @example
 * app.use('/a2a/jsonrpc', createAuthMiddleware({ authenticate, binding: 'JSONRPC' }));
 */
export function createAuthMiddleware(options: AuthMiddlewareOptions): MiddlewareHandler<{
  Variables: AuthVariables;
}> {
  return async (c, next) => {
    const request = c.req.raw;
    let user: CallUser | undefined;
    try {
      user = await options.authenticate(c);
      if (user === undefined && (await isExtendedCardCall(request, options.binding))) {
        throw new AuthFailure('unauthenticated', 'The extended agent card requires authentication');
      }
    } catch (error) {
      if (!isAuthFailure(error)) throw error;
      const version = errorVersionFor(readRequestedVersion(request));
      return authFailureResponse(error, options.binding, request, version);
    }
    if (user !== undefined) c.set('a2aUser', user);
    return next();
  };
}

/** The caller the auth middleware stored; pass it as `createA2AServer`'s `getUser`. */
export function getAuthUser(c: Context): CallUser | undefined {
  return (c as Context<{ Variables: AuthVariables }>).get('a2aUser');
}
