export {
  A2A_AGENT_CARD_MEDIA_TYPE,
  AI_CATALOG_MEDIA_TYPE,
  AI_CATALOG_PATH,
  aiCatalogUrl,
  type CatalogAgent,
  type ResolveAiCatalogOptions,
  readAiCatalog,
  resolveAiCatalog,
} from './ai-catalog.ts';
/**
 * Agent discovery: find and read an agent card (1.0, 0.3 or hybrid) with HTTP caching, pick the interface to
 * talk to, and sign or verify card signatures (RFC 8785 + detached JWS, spec §8.4).
 */

export { canonicalizeJson } from '@baton/protocol';
export { type CardCache, type CardCacheEntry, type CardCacheOptions, createCardCache } from './card-cache.ts';
export type { CardVerifier } from './card-verifier.ts';
export type { FetchCardOptions } from './fetch-card-body.ts';
export type { AgentCardShape } from './read-agent-card.ts';
export {
  type AgentCardSource,
  type ResolveAgentCardOptions,
  type ResolvedAgentCard,
  resolveAgentCard,
  WELL_KNOWN_CARD_PATHS,
} from './resolve-agent-card.ts';
export {
  type ClientBinding,
  type ClientVersion,
  type InterfacePreferences,
  type SelectedInterface,
  selectInterface,
} from './select-interface.ts';
export { type SignAgentCardOptions, signAgentCard } from './sign-agent-card.ts';
export {
  requireCardSignature,
  type VerificationKey,
  type VerifiedSignature,
  type VerifyOptions,
  verifyAgentCardSignatures,
} from './verify-agent-card-signatures.ts';
