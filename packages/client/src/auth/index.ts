/** Credentials applied per the card's security schemes. */
export { type Credential, type Credentials, createAuthenticator } from './create-authenticator.ts';
