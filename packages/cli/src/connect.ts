import {
  type A2AClient,
  type A2AClientOptions,
  type AgentCard,
  createA2AClient,
  resolveAgentCard,
} from '@baton/client';
import type { CliOptions } from './cli-options.ts';

/**
 * How to reach the agent of `card` with the caller's choices: binding and version preferences, extra headers,
 * and `--api-key` / `--bearer` given to every scheme of that kind the card declares (an API key where the
 * card says, a bearer token in `Authorization`).
 */
export function clientOptionsFor(card: AgentCard, options: CliOptions): Omit<A2AClientOptions, 'agent'> {
  const credentials: Record<string, string> = {};
  for (const [name, scheme] of Object.entries(card.securitySchemes ?? {})) {
    if ('apiKeySecurityScheme' in scheme && options.apiKey) credentials[name] = options.apiKey;
    const bearerLike =
      ('httpAuthSecurityScheme' in scheme &&
        scheme.httpAuthSecurityScheme.scheme.toLowerCase() === 'bearer') ||
      'oauth2SecurityScheme' in scheme ||
      'openIdConnectSecurityScheme' in scheme;
    if (bearerLike && options.bearer) credentials[name] = options.bearer;
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
export async function connect(url: string, options: CliOptions): Promise<A2AClient> {
  const card = await readCard(url, options);
  return createA2AClient({ ...clientOptionsFor(card, options), agent: card });
}
