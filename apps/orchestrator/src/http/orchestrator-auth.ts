/**
 * Who may use the orchestrator: API keys and/or bearer JWTs, checked by `@baton/server`'s authenticators for the
 * runs API, its event streams, the agents list and the orchestrator's own A2A agent (whose card declares the
 * same schemes). Credentials travel in headers only (`X-API-Key`, or `Authorization: Bearer`), never in URLs or
 * cookies, so a page on another site cannot borrow them.
 */
import {
  type Authenticator,
  AuthFailure,
  apiKey,
  type BearerJwtOptions,
  bearerJwt,
  type CallUser,
  createAuthenticator,
  type SchemeVerifier,
} from '@baton/server';
import type { Context, MiddlewareHandler } from 'hono';
import { jsonError } from './json-errors.ts';

/** Options of {@link createOrchestratorAuth}: at least one of the two. */
export interface OrchestratorAuthOptions {
  /** Valid API keys, each with the caller it stands for; sent as `X-API-Key: <key>`. */
  readonly apiKeys?: Readonly<Record<string, CallUser>>;
  /** Bearer JWTs from an issuer (JWKS URL, issuer, audience); sent as `Authorization: Bearer <jwt>`. */
  readonly jwt?: BearerJwtOptions;
}

/** The security schemes the orchestrator's card declares, in A2A 1.0 form. */
export type OrchestratorSecuritySchemes = Record<
  string,
  | { apiKeySecurityScheme: { location: string; name: string; description: string } }
  | { httpAuthSecurityScheme: { scheme: string; bearerFormat: string; description: string } }
>;

/** What the orchestrator needs to check its callers. */
export interface OrchestratorAuth {
  readonly authenticate: Authenticator;
  readonly securitySchemes: OrchestratorSecuritySchemes;
}

/** The header an API key travels in. */
export const API_KEY_HEADER = 'X-API-Key';

/** Builds the authenticator and the card's schemes; throws when neither keys nor a JWT issuer is given. */
export function createOrchestratorAuth(options: OrchestratorAuthOptions): OrchestratorAuth {
  const schemes: Record<string, SchemeVerifier> = {};
  const securitySchemes: OrchestratorSecuritySchemes = {};
  if (options.apiKeys && Object.keys(options.apiKeys).length > 0) {
    schemes.apiKey = apiKey({ keys: options.apiKeys });
    securitySchemes.apiKey = {
      apiKeySecurityScheme: {
        location: 'header',
        name: API_KEY_HEADER,
        description: 'An orchestrator API key',
      },
    };
  }
  if (options.jwt) {
    schemes.bearer = bearerJwt(options.jwt);
    securitySchemes.bearer = {
      httpAuthSecurityScheme: { scheme: 'Bearer', bearerFormat: 'JWT', description: 'A JWT from the issuer' },
    };
  }
  if (Object.keys(schemes).length === 0) throw new Error('Orchestrator auth needs API keys or a JWT issuer');
  return { authenticate: createAuthenticator({ schemes, card: { securitySchemes } }), securitySchemes };
}

type CallerEnv = { Variables: { orchestratorCaller?: CallUser } };

/** The caller `requireCaller` let through on this request (its `id` names it), if any. */
export function callerOf(c: Context): CallUser | undefined {
  return (c as unknown as Context<CallerEnv>).get('orchestratorCaller');
}

/**
 * Refuses a request without valid credentials: 401 (none, or bad ones) or 403 (too few scopes), with the
 * schemes' `WWW-Authenticate` challenges and the API's JSON error.
 */
export function requireCaller(auth: OrchestratorAuth): MiddlewareHandler {
  return async (c, next) => {
    try {
      const caller = await auth.authenticate(c);
      if (caller) (c as unknown as Context<CallerEnv>).set('orchestratorCaller', caller);
    } catch (error) {
      if (!(error instanceof AuthFailure)) throw error;
      for (const challenge of error.challenges) c.header('WWW-Authenticate', challenge, { append: true });
      const forbidden = error.kind === 'forbidden';
      return jsonError(c, forbidden ? 403 : 401, forbidden ? 'FORBIDDEN' : 'UNAUTHENTICATED', error.message);
    }
    return next();
  };
}
