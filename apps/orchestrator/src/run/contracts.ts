import { CHAIN_ARTIFACTS, CHAIN_SKILLS, DocumentSchema, OutlineSchema, SummarySchema } from '@baton/chain';
import type { z } from 'zod';

/** The contract each of the chain's own skills' artifacts must satisfy before it is handed on. */
export const STEP_CONTRACTS = {
  outline: OutlineSchema,
  document: DocumentSchema,
  summary: SummarySchema,
} as const;

/** What a step's artifact is checked against, and which artifact it is, by the skill the step asks for. */
export interface SkillContract {
  /** The artifact's name; `undefined`: the task's last artifact. */
  readonly artifact: string | undefined;
  /** The schema of its DataPart; `undefined`: any DataPart, else the artifact's text. */
  readonly schema: z.ZodType | undefined;
}

/** The contract of a skill: the chain's own skills have one; any other agent's artifact is taken as it comes. */
export function contractOf(skill: string | undefined): SkillContract {
  for (const step of ['outline', 'document', 'summary'] as const) {
    if (CHAIN_SKILLS[step] === skill)
      return { artifact: CHAIN_ARTIFACTS[step], schema: STEP_CONTRACTS[step] };
  }
  return { artifact: undefined, schema: undefined };
}
