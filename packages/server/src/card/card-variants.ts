import { type AgentCard, translate } from '@baton/protocol';

/** Which card a client gets: the 1.0 card, or the 0.3-compatible one for clients that send no `A2A-Version`. */
export type CardVariant = '1.0' | '0.3';

/**
 * The 0.3-compatible card: the 0.3 shape (`url`, `preferredTransport`, `additionalInterfaces`,
 * `protocolVersion`, `type`-discriminated security schemes) so 0.3 clients read it as they always did, plus
 * the 1.0 `supportedInterfaces`, so 1.0 clients that forget the header still find every interface. This is
 * the "hybrid" card the official SDK serves too.
 */
export function hybridCard(card: AgentCard): Record<string, unknown> {
  return { ...translate.agentCardToV03(card), supportedInterfaces: card.supportedInterfaces };
}

/** One card variant as the object that is served (and signed, when signing is configured). */
export function cardVariant(card: AgentCard, variant: CardVariant): Record<string, unknown> {
  return variant === '1.0' ? { ...card } : hybridCard(card);
}
