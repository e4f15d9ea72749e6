import type { AgentCardSignature } from '@baton/protocol';
import { canonicalizeJson } from '@baton/protocol';
import { type CryptoKey, FlattenedSign, type JWK, type JWSHeaderParameters, type KeyObject } from 'jose';

/** Options of {@link signCard}. */
export interface SignCardOptions {
  /** The private key (CryptoKey, Node KeyObject or private JWK). */
  readonly privateKey: CryptoKey | KeyObject | JWK | Uint8Array;
  /** Key id in the protected header; verifiers look the public key up by it. */
  readonly kid: string;
  /** JWS algorithm, e.g. `ES256` or `RS256`. */
  readonly alg: string;
  /** JWKS URL where verifiers can fetch the public key (protected header `jku`). */
  readonly jku?: string;
}

/**
 * Signs an agent card per spec §8.4: detached JWS over the RFC 8785 canonical card without `signatures`,
 * protected header `{alg, kid, typ: 'JOSE', jku?}`; returns a copy with the signature appended. Sign the card
 * exactly as it is served (field presence matters); empty optional values break the a2a-js verifier, which
 * drops them before canonicalizing.
 *
 * @example
 * const signed = await signCard(card, { privateKey, kid: 'card-key-1', alg: 'ES256' });
 */
export async function signCard<Card extends object>(
  card: Card,
  options: SignCardOptions,
): Promise<Card & { signatures: AgentCardSignature[] }> {
  const { signatures, ...unsigned } = card as Readonly<Record<string, unknown>>;
  const payload = new TextEncoder().encode(canonicalizeJson(unsigned));
  const header: JWSHeaderParameters = {
    alg: options.alg,
    typ: 'JOSE',
    kid: options.kid,
    ...(options.jku === undefined ? {} : { jku: options.jku }),
  };
  const jws = await new FlattenedSign(payload).setProtectedHeader(header).sign(options.privateKey);
  const signature: AgentCardSignature = { protected: jws.protected ?? '', signature: jws.signature };
  const existing = Array.isArray(signatures) ? (signatures as AgentCardSignature[]) : [];
  return { ...card, signatures: [...existing, signature] };
}
