import type { SecurityRequirement, SecurityScheme } from '@baton/protocol';
import type { Context } from 'hono';
import type { CallUser } from '../vocabulary/call-context.ts';
import { missingScopes } from '../vocabulary/scope-check.ts';
import { AuthFailure, buildChallenge, isAuthFailure } from './auth-failure.ts';
import type { SchemeContext, SchemeVerifier } from './scheme-verifier.ts';

/** Options of {@link createAuthenticator}. */
export interface AuthenticatorOptions {
  /** A verifier per scheme name; each name used by a requirement needs one. */
  readonly schemes: Readonly<Record<string, SchemeVerifier>>;
  /** The card (input) whose `securitySchemes` and `securityRequirements` drive the checks. */
  readonly card?: {
    readonly securitySchemes?: Readonly<Record<string, SecurityScheme>> | undefined;
    readonly securityRequirements?: readonly SecurityRequirement[] | undefined;
  };
  /** OR of ANDs; default the card's `securityRequirements`, else any one scheme of `schemes` alone. */
  readonly requirements?: readonly SecurityRequirement[];
  /** Scopes every call needs (403 without them), or per request (e.g. by path). */
  readonly requiredScopes?: readonly string[] | ((c: Context) => readonly string[] | undefined);
  /** Realm in `WWW-Authenticate` challenges; default `a2a`. */
  readonly realm?: string;
  /** Let calls without any credentials through as anonymous (bad credentials are still refused). */
  readonly allowAnonymous?: boolean;
}

/** Resolves the caller of a request, or throws an `AuthFailure`; usable as `createA2AServer`'s `getUser`. */
export type Authenticator = (c: Context) => Promise<CallUser | undefined>;

type Outcome = { readonly user: CallUser } | { readonly none: true } | { readonly failure: AuthFailure };

function mergeUsers(users: readonly CallUser[]): CallUser {
  const id = users.find((user) => user.id !== undefined)?.id;
  const scopes = [...new Set(users.flatMap((user) => user.scopes ?? []))];
  const claims = Object.assign({}, ...users.map((user) => user.claims ?? {})) as Record<string, unknown>;
  return { ...(id === undefined ? {} : { id }), scopes, claims };
}

function insufficientScope(realm: string, missing: readonly string[]): AuthFailure {
  const description = `Missing scope${missing.length === 1 ? '' : 's'}: ${missing.join(' ')}`;
  const challenge = buildChallenge('Bearer', {
    realm,
    error: 'insufficient_scope',
    error_description: description,
    scope: missing.join(' '),
  });
  return new AuthFailure('forbidden', description, { challenges: [challenge] });
}

/**
 * Builds the authenticator for a card's security: tries each requirement (every scheme in it must verify and
 * grant the requirement's scopes) and answers the first that passes. No credentials → 401 with a challenge per
 * scheme; bad ones → 401 with the verifier's `invalid_token` / `invalid_key` challenge; too few scopes → 403.
 *
 * @example
 * const authenticate = createAuthenticator({ card, schemes: { bearer: bearerJwt({ jwksUrl, issuer, audience }) } });
 */
export function createAuthenticator(options: AuthenticatorOptions): Authenticator {
  const realm = options.realm ?? 'a2a';
  const requirements =
    options.requirements ??
    options.card?.securityRequirements ??
    Object.keys(options.schemes).map((name): SecurityRequirement => ({ schemes: { [name]: {} } }));
  const bound = new Map<string, { readonly verifier: SchemeVerifier; readonly context: SchemeContext }>();
  for (const requirement of requirements) {
    for (const name of Object.keys(requirement.schemes ?? {})) {
      const verifier = Object.hasOwn(options.schemes, name) ? options.schemes[name] : undefined;
      if (verifier === undefined) throw new TypeError(`No verifier for security scheme "${name}"`);
      bound.set(name, { verifier, context: { name, scheme: options.card?.securitySchemes?.[name], realm } });
    }
  }
  const challenges = [...bound.values()].map(({ verifier, context }) => verifier.challenge(context));

  return async (c) => {
    const outcomes = new Map<string, Promise<Outcome>>();
    const verify = (name: string): Promise<Outcome> => {
      let outcome = outcomes.get(name);
      const entry = bound.get(name);
      if (outcome === undefined && entry !== undefined) {
        outcome = entry.verifier.verify(c, entry.context).then(
          (user): Outcome => (user === undefined ? { none: true } : { user }),
          (error: unknown): Outcome => {
            if (isAuthFailure(error)) return { failure: error };
            throw error;
          },
        );
        outcomes.set(name, outcome);
      }
      return outcome ?? Promise.resolve({ none: true });
    };
    const globalScopes =
      typeof options.requiredScopes === 'function' ? options.requiredScopes(c) : options.requiredScopes;
    let forbidden: AuthFailure | undefined;
    let failure: AuthFailure | undefined;
    for (const requirement of requirements) {
      const entries = Object.entries(requirement.schemes ?? {});
      if (entries.length === 0) return undefined; // `{}` in OpenAPI: anonymous access is allowed
      const users: CallUser[] = [];
      const missing: string[] = [];
      for (const [name, scopes] of entries) {
        const outcome = await verify(name);
        if ('failure' in outcome) failure ??= outcome.failure;
        if (!('user' in outcome)) break;
        users.push(outcome.user);
        missing.push(...missingScopes(outcome.user, scopes.list ?? []));
      }
      if (users.length !== entries.length) continue;
      const user = mergeUsers(users);
      missing.push(...missingScopes(user, globalScopes ?? []));
      if (missing.length === 0) return user;
      forbidden ??= insufficientScope(realm, [...new Set(missing)]);
    }
    if (forbidden !== undefined) throw forbidden;
    if (failure !== undefined) throw failure;
    if (options.allowAnonymous) return undefined;
    throw new AuthFailure('unauthenticated', 'Authentication required', { challenges });
  };
}
