/**
 * A real OAuth 2 / OpenID authorization server on 127.0.0.1 (oidc-provider, in process) for the client's OAuth
 * tests: the client credentials grant for confidential clients, JWT access tokens (RFC 9068) for one resource,
 * metadata at both well-known paths, and a count of token requests. Not a stand-in: the library's own grants.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/** A confidential client the server knows. */
export interface TestClient {
  readonly clientId: string;
  readonly clientSecret: string;
}

export interface RunningOAuthServer {
  readonly issuer: string;
  /** Token requests answered so far. */
  readonly tokenRequests: () => number;
  close(): Promise<void>;
}

/** Starts the server for `resource` (the tokens' `aud`), offering `scopes`, with `clients`. */
export async function startOAuthServer(options: {
  readonly resource: string;
  readonly scopes: readonly string[];
  readonly clients: readonly TestClient[];
}): Promise<RunningOAuthServer> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const key = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'ES256', use: 'sig' };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    jwks: { keys: [key] },
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      grant_types: ['client_credentials'],
      redirect_uris: [],
      response_types: [],
      id_token_signed_response_alg: 'ES256',
    })),
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.resource,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: options.scopes.join(' '),
          audience: options.resource,
          accessTokenFormat: 'jwt',
          accessTokenTTL: 600,
          jwt: { sign: { alg: 'ES256' } },
        }),
      },
    },
  });
  let tokens = 0;
  const handle = provider.callback();
  server.on('request', (request, response) => {
    if (request.url?.startsWith('/token')) tokens += 1;
    handle(request, response);
  });
  return {
    issuer,
    tokenRequests: () => tokens,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
