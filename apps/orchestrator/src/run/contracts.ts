import { type ChainStep, DocumentSchema, OutlineSchema, SummarySchema } from '@baton/chain';

/** The contract each step's artifact must satisfy before it is handed on. */
export const STEP_CONTRACTS = {
  outline: OutlineSchema,
  document: DocumentSchema,
  summary: SummarySchema,
} as const satisfies Record<ChainStep, unknown>;
