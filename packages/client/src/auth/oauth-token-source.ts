/**
 * The token engine every OAuth credential shares: the authorization server from the card, a cached access token
 * renewed shortly before it expires (by its refresh token when the server gave one, else by the grant again),
 * one token request for concurrent calls, a refused token dropped, and a step-up to more scopes. The grant itself
 * (client credentials, JWT bearer, authorization code, device code) is the only part each credential brings.
 */
import type { SecurityScheme } from '@baton/protocol';
import * as oauth from 'oauth4webapi';
import { A2AClientError } from '../errors/client-error.ts';
import type { FetchLike } from '../http/fetch-like.ts';
import {
  authorizationServerKey,
  authorizationServerOf,
  type OAuthFlowName,
} from './oauth-authorization-server.ts';
import { type OAuthCredential, oauthCredential } from './oauth-credential.ts';

/** How the client authenticates to the token endpoint. */
export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

/** What every OAuth credential takes. */
export interface OAuthGrantOptions {
  readonly clientId: string;
  /** The client secret; without it the client authenticates as a public client (`none`). */
  readonly clientSecret?: string;
  /** Default `client_secret_basic` with a secret, `none` without. */
  readonly clientAuth?: ClientAuthMethod;
  /** Scopes to ask for; default none (the authorization server's default). */
  readonly scopes?: readonly string[];
  /** RFC 8707 resource indicator: the agent the token is for. */
  readonly resource?: string;
  /** The fetch token requests go through; default `globalThis.fetch`. */
  readonly fetch?: FetchLike;
  /**
   * Allow `http:` authorization servers beyond loopback (127.0.0.1, ::1, localhost are always allowed, for
   * development). Default false: anywhere else tokens travel over https only.
   */
  readonly allowInsecureRequests?: boolean;
  /** Seconds before expiry a cached token is renewed; default 30. */
  readonly renewBeforeSeconds?: number;
}

/** What a grant gets to make its token request. */
export interface GrantRequest {
  readonly server: oauth.AuthorizationServer;
  readonly client: oauth.Client;
  readonly auth: oauth.ClientAuth;
  /** The scopes to ask for: the options' and any a step-up added. */
  readonly scopes: readonly string[];
  /** `scope` and `resource`, ready for the request. */
  readonly parameters: URLSearchParams;
  /** Request options (custom fetch, loopback http) for a request to `url`. */
  readonly http: (url: string) => oauth.TokenEndpointRequestOptions;
}

/** A grant: one token request, its answer checked (errors become an `A2AClientError` through `tokenAnswer`). */
export type Grant = (request: GrantRequest) => Promise<oauth.TokenEndpointResponse>;

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** What a credential keeps for one authorization server: its tokens, the request in flight, the scopes it asks. */
interface Slot {
  /** The authorization server's metadata, read once (again only after a failed read). */
  server: Promise<oauth.AuthorizationServer> | undefined;
  tokens: Tokens | undefined;
  pending: Promise<Tokens> | undefined;
  readonly scopes: Set<string>;
}

interface Tokens {
  readonly access: string;
  readonly expiresAt: number;
  readonly refresh: string | undefined;
  /** The scopes granted, when the server said (RFC 6749 §5.1: it must when they differ from those asked for). */
  readonly scope: string | undefined;
}

function clientAuthOf(options: OAuthGrantOptions): oauth.ClientAuth {
  const method = options.clientAuth ?? (options.clientSecret === undefined ? 'none' : 'client_secret_basic');
  if (method === 'none') return oauth.None();
  if (options.clientSecret === undefined) {
    throw new A2AClientError('INVALID_INPUT', `${method} needs a clientSecret`);
  }
  return method === 'client_secret_post'
    ? oauth.ClientSecretPost(options.clientSecret)
    : oauth.ClientSecretBasic(options.clientSecret);
}

/** The OAuth error of what an authorization server answered (`invalid_client (…)`), when it said one. */
function oauthErrorOf(error: unknown): string | undefined {
  if (error instanceof oauth.ResponseBodyError || error instanceof oauth.AuthorizationResponseError) {
    return `${error.error}${error.error_description ? ` (${error.error_description})` : ''}`;
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    const parameters = error.cause[0]?.parameters;
    return parameters?.error ?? `HTTP ${error.status}`;
  }
  return undefined;
}

/**
 * Runs `read` over an authorization server's answer: an OAuth error answer becomes a clear client error
 * (`The authorization server refused …: invalid_grant (…)`), anything else unexpected a network error.
 */
export async function tokenAnswer<T>(what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof A2AClientError) throw error;
    const said = oauthErrorOf(error);
    if (said !== undefined) {
      throw new A2AClientError('AUTHORIZATION', `The authorization server refused ${what}: ${said}`, {
        cause: error,
      });
    }
    throw new A2AClientError('NETWORK', `Could not complete ${what}`, { cause: error });
  }
}

/** Runs the app's sign-in callback `name`; its failure becomes an AUTHORIZATION error (the cause kept). */
export async function appCallback<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof A2AClientError) throw error;
    const said = error instanceof Error ? error.message : String(error);
    throw new A2AClientError('AUTHORIZATION', `The app's ${name} failed: ${said}`, { cause: error });
  }
}

/** The OAuth error code (`authorization_pending`, `slow_down`, …) of a refused token request, if any. */
export function oauthErrorCode(error: unknown): string | undefined {
  const cause = error instanceof A2AClientError ? error.cause : error;
  return cause instanceof oauth.ResponseBodyError ? cause.error : undefined;
}

/**
 * Makes an {@link OAuthCredential} from `grant` for `flow`. Tokens are cached until `renewBeforeSeconds` before
 * they expire; a renewal uses the refresh token when there is one (a refused refresh falls back to the grant);
 * `invalidate` drops the access token (keeping the refresh token); `reauthorize` adds scopes and runs the grant
 * again (a refresh cannot widen a grant). Each authorization server the schemes name has tokens of its own.
 */
export function oauthTokenSource(
  options: OAuthGrantOptions,
  flow: OAuthFlowName,
  grant: Grant,
): OAuthCredential {
  const slots = new Map<string, Slot>();
  const slotOf = (scheme: SecurityScheme): Slot => {
    const key = authorizationServerKey(scheme);
    let slot = slots.get(key);
    if (!slot) {
      slot = {
        server: undefined,
        tokens: undefined,
        pending: undefined,
        scopes: new Set(options.scopes ?? []),
      };
      slots.set(key, slot);
    }
    return slot;
  };
  const renewBefore = (options.renewBeforeSeconds ?? 30) * 1000;
  const client: oauth.Client = { client_id: options.clientId };
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const insecureOk = (url: string) =>
    options.allowInsecureRequests === true || LOOPBACK.has(new URL(url).hostname);
  const http = (url: string): oauth.TokenEndpointRequestOptions => {
    const settings: oauth.TokenEndpointRequestOptions = {
      [oauth.customFetch]: (target, init) => fetchImpl(target, init as RequestInit),
    };
    if (insecureOk(url)) settings[oauth.allowInsecureRequests] = true;
    return settings;
  };

  const kept = (response: oauth.TokenEndpointResponse, previous: Tokens | undefined): Tokens => {
    const expiresIn = typeof response.expires_in === 'number' ? response.expires_in : 300;
    return {
      access: response.access_token,
      expiresAt: Date.now() + expiresIn * 1000,
      // A server that rotates refresh tokens sends a new one; one that does not keeps the old one valid.
      refresh: response.refresh_token ?? previous?.refresh,
      scope: typeof response.scope === 'string' ? response.scope : undefined,
    };
  };

  async function renew(
    scheme: SecurityScheme,
    previous: Tokens | undefined,
    asking: ReadonlySet<string>,
  ): Promise<Tokens> {
    const slot = slotOf(scheme);
    slot.server ??= authorizationServerOf(scheme, flow, fetchImpl, insecureOk).catch((error: unknown) => {
      slot.server = undefined;
      throw error;
    });
    const server = await slot.server;
    const auth = clientAuthOf(options);
    const token = server.token_endpoint ?? '';
    if (previous?.refresh !== undefined) {
      try {
        const response = await tokenAnswer('the token refresh', async () =>
          oauth.processRefreshTokenResponse(
            server,
            client,
            await oauth.refreshTokenGrantRequest(
              server,
              client,
              auth,
              previous.refresh as string,
              http(token),
            ),
          ),
        );
        return kept(response, previous);
      } catch (error) {
        // A refresh token the server no longer honours: the grant runs again. Anything else is the caller's error.
        if (oauthErrorCode(error) !== 'invalid_grant') throw error;
      }
    }
    const parameters = new URLSearchParams();
    if (asking.size > 0) parameters.set('scope', [...asking].join(' '));
    if (options.resource) parameters.set('resource', options.resource);
    const response = await grant({ server, client, auth, scopes: [...asking], parameters, http });
    return kept(response, undefined);
  }

  return oauthCredential({
    async token(scheme) {
      const slot = slotOf(scheme);
      const current = slot.tokens;
      if (current && current.expiresAt - renewBefore > Date.now()) return current.access;
      slot.pending ??= renew(scheme, current, slot.scopes).finally(() => {
        slot.pending = undefined;
      });
      slot.tokens = await slot.pending;
      return slot.tokens.access;
    },
    invalidate() {
      for (const slot of slots.values()) if (slot.tokens) slot.tokens = { ...slot.tokens, expiresAt: 0 };
    },
    async reauthorize(scheme, request) {
      // The wider scopes are kept only once the authorization server granted them: a refused step-up (an error, or
      // a token without them) leaves the credential asking for what it did, for the calls that did not need them.
      const slot = slotOf(scheme);
      const wider = new Set([...slot.scopes, ...request.scopes]);
      await slot.pending?.catch(() => undefined);
      slot.pending = renew(scheme, undefined, wider).finally(() => {
        slot.pending = undefined;
      });
      const tokens = await slot.pending;
      slot.tokens = tokens;
      const granted = tokens.scope === undefined ? undefined : new Set(tokens.scope.split(' '));
      if (granted && !request.scopes.every((scope) => granted.has(scope))) return false;
      for (const scope of request.scopes) slot.scopes.add(scope);
      return true;
    },
  });
}
