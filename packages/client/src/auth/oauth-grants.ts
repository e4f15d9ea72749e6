/**
 * OAuth 2 access tokens without a user: the client credentials grant and the JWT bearer assertion grant
 * (RFC 7523), from the token endpoint an agent's card declares. Both are {@link oauthTokenSource}s: cached,
 * renewed, fetched once for concurrent calls, dropped when the agent refuses them.
 */
import * as oauth from 'oauth4webapi';
import type { OAuthCredential } from './oauth-credential.ts';
import { type OAuthGrantOptions, oauthTokenSource, tokenAnswer } from './oauth-token-source.ts';

/** Options of {@link oauthJwtBearer}. */
export interface JwtBearerOptions extends OAuthGrantOptions {
  /** The signed JWT to exchange (RFC 7523 §2.1): made per token request, so it can be short-lived. */
  readonly assertion: () => string | Promise<string>;
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
  return oauthTokenSource(options, 'clientCredentials', ({ server, client, auth, parameters, http }) =>
    tokenAnswer('the token request', async () =>
      oauth.processClientCredentialsResponse(
        server,
        client,
        await oauth.clientCredentialsGrantRequest(
          server,
          client,
          auth,
          parameters,
          http(server.token_endpoint ?? ''),
        ),
      ),
    ),
  );
}

/**
 * Access tokens by the JWT bearer assertion grant (RFC 7523): a JWT your app signs (for instance a workload
 * identity) exchanged at the token endpoint the card's `oauth2MetadataUrl` (or OpenID discovery) names.
 */
export function oauthJwtBearer(options: JwtBearerOptions): OAuthCredential {
  return oauthTokenSource(options, 'jwtBearer', async ({ server, client, auth, parameters, http }) => {
    parameters.set('assertion', await options.assertion());
    return tokenAnswer('the token request', async () =>
      oauth.processGenericTokenEndpointResponse(
        server,
        client,
        await oauth.genericTokenEndpointRequest(
          server,
          client,
          auth,
          'urn:ietf:params:oauth:grant-type:jwt-bearer',
          parameters,
          http(server.token_endpoint ?? ''),
        ),
      ),
    );
  });
}
