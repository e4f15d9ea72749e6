import { z } from 'zod';
import { protoObject } from '../wire/proto-json.ts';
import { RequiredStringSchema } from '../wire/proto-scalars.ts';
import { SecurityRequirementSchema } from './security-requirement.ts';

/** Something the agent is good at, with tags, example prompts and per-skill media types and security. */
export const AgentSkillSchema = protoObject({
  id: RequiredStringSchema,
  name: RequiredStringSchema,
  description: RequiredStringSchema,
  // REQUIRED, but ProtoJSON cannot tell an empty list from an absent one and real 0.3 cards carry `tags: []`.
  tags: z.array(z.string()).default(() => []),
  examples: z.array(z.string()).optional(),
  inputModes: z.array(z.string()).optional(),
  outputModes: z.array(z.string()).optional(),
  securityRequirements: z.array(SecurityRequirementSchema).optional(),
});
/** An agent skill. */
export type AgentSkill = z.infer<typeof AgentSkillSchema>;
