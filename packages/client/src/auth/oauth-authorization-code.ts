/**
 * OAuth 2 access tokens for a user: the authorization code grant with PKCE (S256) and a `state`, as OAuth 2.1
 * requires. The user's part (opening the authorization URL in a browser, and receiving the redirect) belongs to
 * the app, which supplies it as `authorize`; everything else (endpoints from the card, PKCE, checking the
 * redirect, the code exchange, refresh tokens, step-up) is here.
 */
import * as oauth from 'oauth4webapi';
import { A2AClientError } from '../errors/client-error.ts';
import type { OAuthCredential } from './oauth-credential.ts';
import { appCallback, type OAuthGrantOptions, oauthTokenSource, tokenAnswer } from './oauth-token-source.ts';

/** What the app's `authorize` gets: where to send the user, and where the authorization server will send them back. */
export interface AuthorizationPrompt {
  /** The authorization URL to open in the user's browser (it carries PKCE's challenge, `state`, the scopes). */
  readonly url: URL;
  /** The redirect URI the authorization server sends the user back to, with `code` and `state`. */
  readonly redirectUri: string;
  /** The scopes asked for (more than the first time after an agent asked for more). */
  readonly scopes: readonly string[];
}

/** Options of {@link oauthAuthorizationCode}. */
export interface AuthorizationCodeOptions extends OAuthGrantOptions {
  /** The redirect URI registered for this client (a loopback URL for a CLI, an app URL for a web app). */
  readonly redirectUri: string;
  /**
   * Sends the user to `prompt.url` and resolves with the URL the authorization server redirected back to (the
   * redirect URI with `code` and `state`, or with `error`). Called again when tokens cannot be renewed otherwise,
   * or when an agent asks for more scopes.
   */
  readonly authorize: (prompt: AuthorizationPrompt) => Promise<string | URL>;
}

/**
 * Access tokens by the authorization code grant with PKCE, from the authorization and token endpoints the card
 * declares (`oauth2MetadataUrl`, `flows.authorizationCode`, or OpenID discovery). The user signs in once; then
 * the refresh token renews the access token without them, until it is refused.
 *
 * @example
 * oauthAuthorizationCode({
 *   clientId: 'my-cli',
 *   redirectUri: 'http://127.0.0.1:8765/callback',
 *   scopes: ['a2a:send'],
 *   authorize: async ({ url }) => { await open(url.href); return waitForRedirect(8765); },
 * });
 */
export function oauthAuthorizationCode(options: AuthorizationCodeOptions): OAuthCredential {
  return oauthTokenSource(
    options,
    'authorizationCode',
    async ({ server, client, auth, scopes, parameters, http }) => {
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const url = new URL(server.authorization_endpoint as string);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('redirect_uri', options.redirectUri);
      url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
      url.searchParams.set('code_challenge_method', 'S256');
      url.searchParams.set('state', state);
      for (const [name, value] of parameters) url.searchParams.set(name, value);
      const returned = await appCallback('authorize()', () =>
        options.authorize({ url, redirectUri: options.redirectUri, scopes }),
      );
      let callback: URL;
      try {
        callback = new URL(returned);
      } catch (error) {
        throw new A2AClientError('INVALID_INPUT', 'authorize() resolved with something that is not a URL', {
          cause: error,
        });
      }
      const code = await tokenAnswer('the authorization', async () =>
        oauth.validateAuthResponse(server, client, callback, state),
      );
      return tokenAnswer('the authorization code exchange', async () =>
        oauth.processAuthorizationCodeResponse(
          server,
          client,
          await oauth.authorizationCodeGrantRequest(
            server,
            client,
            auth,
            code,
            options.redirectUri,
            verifier,
            { ...http(server.token_endpoint ?? ''), additionalParameters: resourceOf(parameters) },
          ),
        ),
      );
    },
  );
}

function resourceOf(parameters: URLSearchParams): URLSearchParams {
  const resource = parameters.get('resource');
  return new URLSearchParams(resource === null ? {} : { resource });
}
