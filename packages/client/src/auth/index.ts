/** Credentials applied per the card's security schemes. */
export { type Credential, type Credentials, createAuthenticator } from './create-authenticator.ts';
export { isOAuthCredential, type OAuthCredential } from './oauth-credential.ts';
export {
  type ClientAuthMethod,
  type JwtBearerOptions,
  type OAuthGrantOptions,
  oauthClientCredentials,
  oauthJwtBearer,
} from './oauth-grants.ts';
