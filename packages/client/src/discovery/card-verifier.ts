/**
 * Checks a card as it was received (its JSON, before any translation) before the client trusts it; throws to
 * refuse it. `requireCardSignature({ keys })` is the one Baton ships (JWS, spec §8.4); a verifier is passed in
 * rather than configured so that a client which verifies nothing carries no JOSE code.
 */
export type CardVerifier = (raw: unknown) => Promise<unknown> | unknown;
