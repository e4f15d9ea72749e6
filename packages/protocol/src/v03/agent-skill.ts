import { z } from 'zod';
import { jsonObject } from './json-object.ts';
import { SecurityRequirementSchema } from './security-scheme.ts';

/** One thing the agent can do, with tags, example prompts and per-skill media types and security. */
export const AgentSkillSchema = jsonObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  examples: z.array(z.string()).optional(),
  inputModes: z.array(z.string()).optional(),
  outputModes: z.array(z.string()).optional(),
  security: z.array(SecurityRequirementSchema).optional(),
});
/** One skill of a 0.3 agent. */
export type AgentSkill = z.infer<typeof AgentSkillSchema>;
