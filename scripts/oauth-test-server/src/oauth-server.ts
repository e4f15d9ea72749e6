/**
 * A real OAuth 2 / OpenID authorization server on 127.0.0.1 (oidc-provider, in process) for the client's OAuth
 * tests: the client credentials grant for confidential clients, JWT access tokens (RFC 9068) for one resource,
 * metadata at both well-known paths, and a count of token requests. With `users`, also a public client that signs
 * users in (authorization code with PKCE, device code, refresh tokens); the user is always `alice`, whose sign-in
 * and consent the server's interaction route grants at once (what a browser session would do). Not a stand-in: the
 * library's own grants.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import Provider, { type ClientMetadata, type KoaContextWithOIDC } from 'oidc-provider';

/** RFC 7523's grant type. */
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** A confidential client the server knows. */
export interface TestClient {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** The public client that signs users in (with `users`). */
export const USER_CLIENT_ID = 'cli';
/** Its registered redirect URI (a loopback one, as for a CLI). */
export const USER_REDIRECT_URI = 'http://127.0.0.1/callback';
/** The user every sign-in is for. */
export const USER_ID = 'alice';

export interface RunningOAuthServer {
  readonly issuer: string;
  /** Token requests answered so far. */
  readonly tokenRequests: () => number;
  close(): Promise<void>;
}

/**
 * Starts the server for `resource` (the tokens' `aud`), offering `scopes`, with `clients`. With `assertionKey`, it
 * also takes the JWT bearer grant (RFC 7523) from them: an assertion signed with that key, whose `iss` and `sub` are
 * the client and whose `aud` is the issuer, gets a token as the client credentials grant would.
 */
export async function startOAuthServer(options: {
  readonly resource: string;
  readonly scopes: readonly string[];
  readonly clients: readonly TestClient[];
  readonly assertionKey?: CryptoKey;
  /** Adds the public client {@link USER_CLIENT_ID}, its user flows and refresh tokens. */
  readonly users?: boolean;
  /** Refresh tokens' lifetime in seconds; default 1 day. */
  readonly refreshTokenTtl?: number;
}): Promise<RunningOAuthServer> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const key = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'ES256', use: 'sig' };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clients: ClientMetadata[] = options.clients.map((client) => ({
    client_id: client.clientId,
    client_secret: client.clientSecret,
    grant_types: ['client_credentials', ...(options.assertionKey ? [JWT_BEARER_GRANT] : [])],
    redirect_uris: [],
    response_types: [],
    id_token_signed_response_alg: 'ES256',
  }));
  if (options.users) {
    clients.push({
      client_id: USER_CLIENT_ID,
      application_type: 'native',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'],
      redirect_uris: [USER_REDIRECT_URI],
      response_types: ['code'],
      id_token_signed_response_alg: 'ES256',
    });
  }
  const provider = new Provider(issuer, {
    jwks: { keys: [key] },
    clients,
    renderError: (ctx, out) => page(ctx, `<pre>${JSON.stringify(out)}</pre>`),
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    // Refresh tokens for every client allowed the grant, without asking for offline_access.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      ClientCredentials: 600,
      DeviceCode: 600,
      Grant: 86_400,
      IdToken: 600,
      Interaction: 600,
      RefreshToken: options.refreshTokenTtl ?? 86_400,
      Session: 86_400,
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      deviceFlow: {
        enabled: options.users === true,
        // Plain pages (the library's defaults ask to be replaced, and say so on every use).
        userCodeInputSource: (ctx, form) => page(ctx, form),
        userCodeConfirmSource: (ctx, form) => page(ctx, form),
        successSource: (ctx) => page(ctx, 'Signed in; you may close this page.'),
      },
      revocation: { enabled: options.users === true, allowedPolicy: () => true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.resource,
        useGrantedResource: () => true,
        getResourceServerInfo: () => resourceInfo,
      },
    },
  });
  const resourceInfo = {
    scope: options.scopes.join(' '),
    audience: options.resource,
    accessTokenFormat: 'jwt' as const,
    accessTokenTTL: 600,
    jwt: { sign: { alg: 'ES256' as const } },
  };
  const assertionKey = options.assertionKey;
  if (assertionKey) {
    // oidc-provider has no JWT bearer grant of its own: the assertion is checked here, the token is the library's.
    provider.registerGrantType(
      JWT_BEARER_GRANT,
      async (ctx: KoaContextWithOIDC) => {
        const client = ctx.oidc.client;
        if (!client) throw new Error('the token endpoint authenticates the client first');
        const clientId = client.clientId;
        const assertion = String(ctx.oidc.params?.assertion ?? '');
        try {
          await jwtVerify(assertion, assertionKey, {
            issuer: clientId,
            subject: clientId,
            audience: issuer,
          });
        } catch {
          ctx.status = 400;
          ctx.body = { error: 'invalid_grant', error_description: 'the assertion does not verify' };
          return;
        }
        const scope = String(ctx.oidc.params?.scope ?? '');
        const token = new provider.ClientCredentials({ client, scope: scope || undefined });
        token.resourceServer = new provider.ResourceServer(options.resource, resourceInfo);
        const value = await token.save();
        ctx.body = { access_token: value, token_type: 'Bearer', expires_in: token.expiration, scope };
      },
      ['assertion', 'scope', 'resource'],
    );
  }
  let tokens = 0;
  const handle = provider.callback();
  server.on('request', (request, response) => {
    if (request.url?.startsWith('/token')) tokens += 1;
    if (request.url?.startsWith('/interaction/')) {
      signInAlice(provider, request, response).catch(() => {
        response.statusCode = 500;
        response.end();
      });
      return;
    }
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

/** Answers with a minimal HTML page around `body`. */
function page(ctx: KoaContextWithOIDC, body: string): void {
  ctx.type = 'html';
  ctx.body = `<!DOCTYPE html><html><head><title>Test authorization server</title></head><body>${body}</body></html>`;
}

/** The interaction route: signs `alice` in, then grants every scope and resource the request asks for. */
async function signInAlice(
  provider: Provider,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const details = await provider.interactionDetails(request, response);
  if (details.prompt.name === 'login') {
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: USER_ID } },
      {
        mergeWithLastSubmission: false,
      },
    );
    return;
  }
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId: USER_ID, clientId: String(details.params.client_id) });
  if (!grant) throw new Error('the grant of the interaction is gone');
  const missing = details.prompt.details as {
    missingOIDCScope?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  const grantId = await grant.save();
  await provider.interactionFinished(
    request,
    response,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
}
