import * as z from 'zod/mini';
import { jsonObject } from './json-object.ts';
import { SecurityRequirementSchema } from './security-scheme.ts';

/** One thing the agent can do, with tags, example prompts and per-skill media types and security. */
export const AgentSkillSchema = jsonObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  examples: z.optional(z.array(z.string())),
  inputModes: z.optional(z.array(z.string())),
  outputModes: z.optional(z.array(z.string())),
  security: z.optional(z.array(SecurityRequirementSchema)),
});
/** One skill of a 0.3 agent. */
export type AgentSkill = z.infer<typeof AgentSkillSchema>;
