import type { AgentCardSignature } from '@baton/protocol';
import { type CryptoKey, FlattenedSign, type JWK, type JWSHeaderParameters, type KeyObject } from 'jose';
import { canonicalCardPayload } from './card-signing-input.ts';

/** Options of {@link signAgentCard}. */
export interface SignAgentCardOptions {
  /** The private key (a CryptoKey, Node KeyObject or private JWK). */
  readonly privateKey: CryptoKey | KeyObject | JWK | Uint8Array;
  /** Key id written to the protected header; verifiers look the public key up by it. */
  readonly kid: string;
  /** JWS algorithm, e.g. `ES256` or `RS256`. */
  readonly alg: string;
  /** JWKS URL where verifiers can fetch the public key (protected header `jku`). */
  readonly jku?: string;
  /** Unprotected header parameters, stored as the signature's `header`. */
  readonly header?: JWSHeaderParameters;
}

/**
 * Signs an agent card per spec §8.4 (RFC 8785 canonical card without `signatures`, detached JWS with `alg`,
 * `typ: "JOSE"`, `kid` and optional `jku`) and returns a copy with the signature appended to `signatures`.
 * Sign the card exactly as it will be served.
 *
 * @example
 * const signed = await signAgentCard(card, { privateKey, kid: 'key-1', alg: 'ES256' });
 */
export async function signAgentCard<Card extends object>(
  card: Card,
  options: SignAgentCardOptions,
): Promise<Card & { signatures: AgentCardSignature[] }> {
  const record = card as Readonly<Record<string, unknown>>;
  const payload = new TextEncoder().encode(canonicalCardPayload(record));
  const protectedHeader: JWSHeaderParameters = {
    alg: options.alg,
    typ: 'JOSE',
    kid: options.kid,
    ...(options.jku === undefined ? {} : { jku: options.jku }),
  };
  const signer = new FlattenedSign(payload).setProtectedHeader(protectedHeader);
  if (options.header !== undefined) signer.setUnprotectedHeader(options.header);
  const jws = await signer.sign(options.privateKey);
  const signature: AgentCardSignature = {
    protected: jws.protected ?? '',
    signature: jws.signature,
    ...(jws.header === undefined ? {} : { header: { ...jws.header } }),
  };
  const existing = Array.isArray(record.signatures) ? (record.signatures as AgentCardSignature[]) : [];
  return { ...card, signatures: [...existing, signature] };
}
