import { type Credentials, oauthClientCredentials, oauthForCard } from '@baton/client';
import type { AgentCard } from '@baton/protocol';

/**
 * How the orchestrator authenticates to agents whose cards declare OAuth 2 / OpenID Connect:
 * `BATON_AGENT_OAUTH_CLIENT_ID` and `BATON_AGENT_OAUTH_CLIENT_SECRET` (together) get tokens by the client credentials
 * grant from the authorization server each card names, asking for `BATON_AGENT_OAUTH_SCOPES` (space- or
 * comma-separated; default the server's). One credential for every agent: each authorization server's tokens are
 * kept apart. `undefined` when unset.
 */
export function readAgentCredentials(
  env: Readonly<Record<string, string | undefined>>,
): ((card: AgentCard) => Credentials) | undefined {
  const clientId = env.BATON_AGENT_OAUTH_CLIENT_ID?.trim();
  const clientSecret = env.BATON_AGENT_OAUTH_CLIENT_SECRET?.trim();
  if (!clientId && !clientSecret) return undefined;
  if (!clientId || !clientSecret) {
    throw new Error('BATON_AGENT_OAUTH_CLIENT_ID and BATON_AGENT_OAUTH_CLIENT_SECRET go together');
  }
  const scopes = (env.BATON_AGENT_OAUTH_SCOPES ?? '').split(/[\s,]+/).filter(Boolean);
  const credential = oauthClientCredentials({
    clientId,
    clientSecret,
    ...(scopes.length > 0 ? { scopes } : {}),
  });
  return (card) => oauthForCard(card, credential);
}
