import * as z from 'zod/mini';
import { protoObject } from '../wire/proto-json.ts';
import { RequiredStringSchema } from '../wire/proto-scalars.ts';
import { SecurityRequirementSchema } from './security-requirement.ts';

/** Something the agent is good at, with tags, example prompts and per-skill media types and security. */
export const AgentSkillSchema = protoObject({
  id: RequiredStringSchema,
  name: RequiredStringSchema,
  description: RequiredStringSchema,
  // REQUIRED, but ProtoJSON cannot tell an empty list from an absent one and real 0.3 cards carry `tags: []`.
  tags: z._default(z.array(z.string()), () => []),
  examples: z.optional(z.array(z.string())),
  inputModes: z.optional(z.array(z.string())),
  outputModes: z.optional(z.array(z.string())),
  securityRequirements: z.optional(z.array(SecurityRequirementSchema)),
});
/** An agent skill. */
export type AgentSkill = z.infer<typeof AgentSkillSchema>;
