import { canonicalizeJson } from '@baton/protocol';

/**
 * The JWS payload of a card signature (spec §8.4.1): the card as JSON without `signatures`, in RFC 8785 form.
 * Pass the card exactly as it is served: field presence matters, so never a re-serialized copy.
 */
export function canonicalCardPayload(card: Readonly<Record<string, unknown>>): string {
  const { signatures: _signatures, ...unsigned } = card;
  return canonicalizeJson(unsigned);
}
