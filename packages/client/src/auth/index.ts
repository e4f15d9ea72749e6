/** Credentials applied per the card's security schemes. */
export { type Credential, type Credentials, createAuthenticator } from './create-authenticator.ts';
export {
  type AuthorizationCodeOptions,
  type AuthorizationPrompt,
  oauthAuthorizationCode,
} from './oauth-authorization-code.ts';
export { type AuthorizationRequest, isOAuthCredential, type OAuthCredential } from './oauth-credential.ts';
export { type DeviceCodeOptions, type DeviceCodePrompt, oauthDeviceCode } from './oauth-device-code.ts';
export { oauthForCard } from './oauth-for-card.ts';
export { type JwtBearerOptions, oauthClientCredentials, oauthJwtBearer } from './oauth-grants.ts';
export type { ClientAuthMethod, OAuthGrantOptions } from './oauth-token-source.ts';
