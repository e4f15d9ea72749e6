/**
 * OAuth 2 tokens from an agent card's declared flows, on oauth4webapi (a small, audited, dependency-free OAuth 2 /
 * OpenID client for every runtime, by the author of jose): the client credentials grant and the JWT bearer
 * assertion grant (RFC 7523). Tokens are cached until shortly before they expire and fetched once for concurrent
 * calls; a refused token is dropped (`invalidate`) and the client retries its call once with a new one.
 */
import type { SecurityScheme } from '@baton/protocol';
import * as oauth from 'oauth4webapi';
import { A2AClientError } from '../errors/client-error.ts';
import type { FetchLike } from '../http/fetch-like.ts';
import { type OAuthCredential, oauthCredential } from './oauth-credential.ts';

/** How the client authenticates to the token endpoint. */
export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

/** What both grants share. */
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

/** Options of {@link oauthJwtBearer}. */
export interface JwtBearerOptions extends OAuthGrantOptions {
  /** The signed JWT to exchange (RFC 7523 §2.1): made per token request, so it can be short-lived. */
  readonly assertion: () => string | Promise<string>;
}

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

interface Cached {
  readonly token: string;
  readonly expiresAt: number;
}

/** The authorization server the scheme names: read from its metadata URL, or built from its token URL. */
async function authorizationServer(
  scheme: SecurityScheme,
  flow: 'clientCredentials' | 'jwtBearer',
  fetchImpl: FetchLike,
  insecureOk: (url: string) => boolean,
): Promise<oauth.AuthorizationServer> {
  const metadataUrl =
    'openIdConnectSecurityScheme' in scheme
      ? scheme.openIdConnectSecurityScheme.openIdConnectUrl
      : 'oauth2SecurityScheme' in scheme
        ? scheme.oauth2SecurityScheme.oauth2MetadataUrl
        : undefined;
  if (metadataUrl) return fetchMetadata(new URL(metadataUrl), fetchImpl, insecureOk(metadataUrl));
  const flows = 'oauth2SecurityScheme' in scheme ? scheme.oauth2SecurityScheme.flows : undefined;
  const tokenUrl =
    flow === 'clientCredentials' && flows && 'clientCredentials' in flows
      ? flows.clientCredentials.tokenUrl
      : undefined;
  if (!tokenUrl) {
    throw new A2AClientError(
      'INVALID_INPUT',
      `The card's OAuth scheme names no token endpoint for this grant (no oauth2MetadataUrl${flow === 'clientCredentials' ? ' and no clientCredentials.tokenUrl' : ''})`,
    );
  }
  return { issuer: new URL(tokenUrl).origin, token_endpoint: tokenUrl };
}

/** Reads RFC 8414 / OpenID metadata from the exact URL the card gives (it may be either well-known document). */
async function fetchMetadata(
  url: URL,
  fetchImpl: FetchLike,
  insecureOk: boolean,
): Promise<oauth.AuthorizationServer> {
  if (url.protocol !== 'https:' && !insecureOk) {
    throw new A2AClientError('INVALID_INPUT', `The authorization server metadata at ${url} is not on https`);
  }
  let response: Response;
  try {
    response = await fetchImpl(url.href, {
      method: 'GET',
      headers: { accept: 'application/json' },
      redirect: 'manual',
    });
  } catch (error) {
    throw new A2AClientError('NETWORK', `Could not read the authorization server metadata at ${url}`, {
      cause: error,
    });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new A2AClientError(
      'PROTOCOL',
      `The authorization server metadata at ${url} answered HTTP ${response.status}`,
    );
  }
  const metadata = (await response.json()) as oauth.AuthorizationServer;
  if (typeof metadata.issuer !== 'string' || typeof metadata.token_endpoint !== 'string') {
    throw new A2AClientError(
      'PROTOCOL',
      `The authorization server metadata at ${url} has no issuer or token_endpoint`,
    );
  }
  return metadata;
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

/** One token source: the grant request, with caching, single flight and renewal. */
function grantCredential(
  options: OAuthGrantOptions,
  flow: 'clientCredentials' | 'jwtBearer',
  request: (
    server: oauth.AuthorizationServer,
    client: oauth.Client,
    auth: oauth.ClientAuth,
    parameters: URLSearchParams,
    http: oauth.TokenEndpointRequestOptions,
  ) => Promise<oauth.TokenEndpointResponse>,
): OAuthCredential {
  let cached: Cached | undefined;
  let pending: Promise<Cached> | undefined;
  const renewBefore = (options.renewBeforeSeconds ?? 30) * 1000;
  const client: oauth.Client = { client_id: options.clientId };

  async function fetchToken(scheme: SecurityScheme): Promise<Cached> {
    const insecure = (url: string) =>
      options.allowInsecureRequests === true || LOOPBACK.has(new URL(url).hostname);
    const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    const http = (url: string): oauth.TokenEndpointRequestOptions => {
      const settings: oauth.TokenEndpointRequestOptions = {
        [oauth.customFetch]: (target, init) => fetchImpl(target, init as RequestInit),
      };
      if (insecure(url)) settings[oauth.allowInsecureRequests] = true;
      return settings;
    };
    const server = await authorizationServer(scheme, flow, fetchImpl, insecure);
    const parameters = new URLSearchParams();
    if (options.scopes?.length) parameters.set('scope', options.scopes.join(' '));
    if (options.resource) parameters.set('resource', options.resource);
    let response: oauth.TokenEndpointResponse;
    try {
      response = await request(
        server,
        client,
        clientAuthOf(options),
        parameters,
        http(server.token_endpoint ?? ''),
      );
    } catch (error) {
      if (error instanceof A2AClientError) throw error;
      throw new A2AClientError('NETWORK', `Could not get an access token from ${server.token_endpoint}`, {
        cause: error,
      });
    }
    const expiresIn = typeof response.expires_in === 'number' ? response.expires_in : 300;
    return { token: response.access_token, expiresAt: Date.now() + expiresIn * 1000 };
  }

  return oauthCredential({
    async token(scheme) {
      if (cached && cached.expiresAt - renewBefore > Date.now()) return cached.token;
      pending ??= fetchToken(scheme).finally(() => {
        pending = undefined;
      });
      cached = await pending;
      return cached.token;
    },
    invalidate() {
      cached = undefined;
    },
  });
}

/** The OAuth error code of what a token endpoint answered (`invalid_client`, …), when it said one. */
function oauthErrorOf(error: unknown): string | undefined {
  if (error instanceof oauth.ResponseBodyError) {
    return `${error.error}${error.error_description ? ` (${error.error_description})` : ''}`;
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    const parameters = error.cause[0]?.parameters;
    return parameters?.error ?? `HTTP ${error.status}`;
  }
  return undefined;
}

/** Reads a token endpoint's answer; an error answer becomes a clear client error. */
async function processed(
  server: oauth.AuthorizationServer,
  client: oauth.Client,
  response: Response,
): Promise<oauth.TokenEndpointResponse> {
  try {
    return await oauth.processGenericTokenEndpointResponse(server, client, response);
  } catch (error) {
    const said = oauthErrorOf(error);
    if (said === undefined) throw error;
    throw new A2AClientError('PROTOCOL', `The authorization server refused the token request: ${said}`, {
      cause: error,
    });
  }
}

/**
 * Access tokens by the OAuth 2 client credentials grant, from the token endpoint the agent's card declares (its
 * `oauth2MetadataUrl`, else `flows.clientCredentials.tokenUrl`; or an OpenID Connect scheme's discovery document).
 *
 * @example
 * const client = await createA2AClient({
 *   agent: 'https://agent.example',
 *   credentials: { oauth: oauthClientCredentials({ clientId: 'baton', clientSecret, scopes: ['a2a:send'] }) },
 * });
 */
export function oauthClientCredentials(options: OAuthGrantOptions): OAuthCredential {
  return grantCredential(options, 'clientCredentials', async (server, client, auth, parameters, http) =>
    processed(
      server,
      client,
      await oauth.clientCredentialsGrantRequest(server, client, auth, parameters, http),
    ),
  );
}

/**
 * Access tokens by the JWT bearer assertion grant (RFC 7523): a JWT your app signs (for instance a workload
 * identity) exchanged at the token endpoint the card's `oauth2MetadataUrl` (or OpenID discovery) names.
 */
export function oauthJwtBearer(options: JwtBearerOptions): OAuthCredential {
  return grantCredential(options, 'jwtBearer', async (server, client, auth, parameters, http) => {
    parameters.set('assertion', await options.assertion());
    const response = await oauth.genericTokenEndpointRequest(
      server,
      client,
      auth,
      'urn:ietf:params:oauth:grant-type:jwt-bearer',
      parameters,
      http,
    );
    return processed(server, client, response);
  });
}
