import {
  type A2AClient,
  type A2AClientOptions,
  type AgentCard,
  type Credential,
  createA2AClient,
  type OAuthCredential,
  oauthClientCredentials,
  oauthDeviceCode,
  oauthForCard,
  resolveAgentCard,
} from '@baton/client';
import type { SecurityScheme } from '@baton/protocol';
import type { CliIo } from './cli-io.ts';
import type { CliOptions } from './cli-options.ts';

const isOAuthScheme = (scheme: SecurityScheme) =>
  'oauth2SecurityScheme' in scheme || 'openIdConnectSecurityScheme' in scheme;

/** The scopes the card's requirements name for its OAuth schemes (the first requirement that names one). */
function scopesOf(card: AgentCard): string[] {
  const oauth = new Set(
    Object.entries(card.securitySchemes ?? {})
      .filter(([, scheme]) => isOAuthScheme(scheme))
      .map(([name]) => name),
  );
  for (const requirement of card.securityRequirements ?? []) {
    const named = Object.entries(requirement.schemes ?? {}).find(([name]) => oauth.has(name));
    if (named) return [...(named[1].list ?? [])];
  }
  return [];
}

/**
 * `--oauth-client`: tokens from the card's authorization server, by the client credentials grant with a secret,
 * else by the device code flow, whose code is shown on stderr (the user approves in any browser).
 */
function oauthCredentialFor(card: AgentCard, options: CliOptions, io: CliIo): OAuthCredential {
  const clientId = options.oauthClient as string;
  const scopes = options.scopes.length > 0 ? [...options.scopes] : scopesOf(card);
  if (options.oauthSecret !== undefined) {
    return oauthClientCredentials({ clientId, clientSecret: options.oauthSecret, scopes });
  }
  return oauthDeviceCode({
    clientId,
    scopes,
    prompt: ({ userCode, verificationUri, verificationUriComplete, expiresIn }) => {
      const minutes = Math.max(1, Math.round(expiresIn / 60));
      io.stderr.write(
        `To sign in, open ${verificationUriComplete ?? verificationUri} and enter the code ${userCode} (it expires in ${minutes} min)\n`,
      );
    },
  });
}

/**
 * How to reach the agent of `card` with the caller's choices: binding and version preferences, extra headers,
 * and `--api-key` / `--bearer` given to every scheme of that kind the card declares (an API key where the
 * card says, a bearer token in `Authorization`), or `--oauth-client` getting tokens for its OAuth schemes.
 */
export function clientOptionsFor(
  card: AgentCard,
  options: CliOptions,
  io: CliIo,
): Omit<A2AClientOptions, 'agent'> {
  const credentials: Record<string, Credential> = {};
  for (const [name, scheme] of Object.entries(card.securitySchemes ?? {})) {
    if ('apiKeySecurityScheme' in scheme && options.apiKey) credentials[name] = options.apiKey;
    const bearerLike =
      ('httpAuthSecurityScheme' in scheme &&
        scheme.httpAuthSecurityScheme.scheme.toLowerCase() === 'bearer') ||
      isOAuthScheme(scheme);
    if (bearerLike && options.bearer) credentials[name] = options.bearer;
  }
  if (options.oauthClient && !options.bearer) {
    Object.assign(credentials, oauthForCard(card, oauthCredentialFor(card, options, io)));
  }
  const headers = { ...options.headers };
  // A bearer token for an agent whose card declares no scheme still goes along.
  if (options.bearer && Object.keys(credentials).length === 0)
    headers.Authorization = `Bearer ${options.bearer}`;
  return {
    headers,
    credentials,
    ...(options.binding ? { preferredBindings: [options.binding] } : {}),
    ...(options.version ? { preferredVersions: [options.version] } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  };
}

/** The agent's card, read with the caller's headers. */
export async function readCard(url: string, options: CliOptions): Promise<AgentCard> {
  const { card } = await resolveAgentCard(url, { ...(options.headers ? { headers: options.headers } : {}) });
  return card;
}

/** A client for the agent at `url`, with the caller's choices (see {@link clientOptionsFor}). */
export async function connect(url: string, options: CliOptions, io: CliIo): Promise<A2AClient> {
  const card = await readCard(url, options);
  return createA2AClient({ ...clientOptionsFor(card, options, io), agent: card });
}
