import type { AgentCard } from '@baton/protocol';
import type { Credentials } from './create-authenticator.ts';
import type { OAuthCredential } from './oauth-credential.ts';

/**
 * `credential` under the name of every OAuth 2 and OpenID Connect scheme `card` declares: for a caller that talks to
 * agents whose cards name their schemes differently (`oauth`, `oauth2`, `sso`…). The credential keeps each
 * authorization server's tokens apart, so one may serve many agents.
 *
 * @example
 * const client = await createA2AClient({ agent: card, credentials: oauthForCard(card, oauthClientCredentials(…)) });
 */
export function oauthForCard(
  card: Pick<AgentCard, 'securitySchemes'>,
  credential: OAuthCredential,
): Credentials {
  const credentials: Record<string, OAuthCredential> = {};
  for (const [name, scheme] of Object.entries(card.securitySchemes ?? {})) {
    if ('oauth2SecurityScheme' in scheme || 'openIdConnectSecurityScheme' in scheme)
      credentials[name] = credential;
  }
  return credentials;
}
