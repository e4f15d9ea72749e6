/**
 * The skill ids the orchestrator looks for in agent cards: each step of the chain is found by what an agent
 * can do, never by its name or address.
 */
export const CHAIN_SKILLS = {
  outline: 'baton.outline',
  document: 'baton.document',
  summary: 'baton.summary',
} as const;

/** One step of the chain. */
export type ChainStep = keyof typeof CHAIN_SKILLS;

/** The steps in the order the chain runs them. */
export const CHAIN_STEPS: readonly ChainStep[] = ['outline', 'document', 'summary'];

/** The artifact name each step produces; the next step reads the artifact of that name. */
export const CHAIN_ARTIFACTS = {
  outline: 'outline',
  document: 'document',
  summary: 'summary',
} as const satisfies Record<ChainStep, string>;

/**
 * The media type of each step's artifact data, which the skills list in their `inputModes` and `outputModes`
 * beside the generic `application/json`: what a planner reads to tell which skill's output another skill takes
 * (a vendor type per contract, RFC 6838's `vnd.` tree with the `+json` suffix).
 */
export const CHAIN_MEDIA_TYPES = {
  outline: 'application/vnd.baton.outline+json',
  document: 'application/vnd.baton.document+json',
  summary: 'application/vnd.baton.summary+json',
} as const satisfies Record<ChainStep, string>;
