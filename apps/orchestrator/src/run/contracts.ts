import {
  CHAIN_ARTIFACTS,
  CHAIN_SKILLS,
  DocumentSchema,
  OutlineSchema,
  ReviewSchema,
  SECTION_ARTIFACTS,
  SECTION_SKILLS,
  SectionSchema,
  SummarySchema,
} from '@baton/chain';
import type { z } from 'zod';

/** What a step's artifact is checked against, and which artifact it is, by the skill the step asks for. */
export interface SkillContract {
  /** The artifact's name; `undefined`: the task's last artifact. */
  readonly artifact: string | undefined;
  /** The schema of its DataPart; `undefined`: any DataPart, else the artifact's text. */
  readonly schema: z.ZodType | undefined;
}

/** The contract each of the chain's own skills' artifacts must satisfy before it is handed on. */
const CONTRACTS: Readonly<Record<string, SkillContract>> = {
  [CHAIN_SKILLS.outline]: { artifact: CHAIN_ARTIFACTS.outline, schema: OutlineSchema },
  [CHAIN_SKILLS.document]: { artifact: CHAIN_ARTIFACTS.document, schema: DocumentSchema },
  [CHAIN_SKILLS.summary]: { artifact: CHAIN_ARTIFACTS.summary, schema: SummarySchema },
  [SECTION_SKILLS.section]: { artifact: SECTION_ARTIFACTS.section, schema: SectionSchema },
  [SECTION_SKILLS.assemble]: { artifact: SECTION_ARTIFACTS.assemble, schema: DocumentSchema },
  [SECTION_SKILLS.review]: { artifact: SECTION_ARTIFACTS.review, schema: ReviewSchema },
};

/** The contract of a skill: the chain's own skills have one; any other agent's artifact is taken as it comes. */
export function contractOf(skill: string | undefined): SkillContract {
  return (skill === undefined ? undefined : CONTRACTS[skill]) ?? { artifact: undefined, schema: undefined };
}
