/** Credentials applied per the card's security schemes. */
export * from './create-authenticator.ts';
