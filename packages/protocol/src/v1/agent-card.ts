import * as z from 'zod/mini';
import { protoObject } from '../wire/proto-json.ts';
import { RequiredStringSchema, StructSchema } from '../wire/proto-scalars.ts';
import { AgentCapabilitiesSchema } from './agent-capabilities.ts';
import { AgentInterfaceSchema } from './agent-interface.ts';
import { AgentSkillSchema } from './agent-skill.ts';
import { SecurityRequirementSchema } from './security-requirement.ts';
import { SecuritySchemeSchema } from './security-scheme.ts';

/** The organization behind an agent. */
export const AgentProviderSchema = protoObject({
  url: RequiredStringSchema,
  organization: RequiredStringSchema,
});
/** An agent provider. */
export type AgentProvider = z.infer<typeof AgentProviderSchema>;

/** A detached JWS over the canonical card: base64url `protected` header and `signature`, optional `header`. */
export const AgentCardSignatureSchema = protoObject({
  protected: RequiredStringSchema,
  signature: RequiredStringSchema,
  header: z.optional(StructSchema),
});
/** An agent card signature. */
export type AgentCardSignature = z.infer<typeof AgentCardSignatureSchema>;

const modesError = { error: 'must contain at least one media type' };

/**
 * The agent's self-description, served at `/.well-known/agent-card.json`: identity, interfaces (first =
 * preferred), capabilities, security and skills. `skills` may be empty and reads as `[]` when omitted; `description`
 * may be `""`, as in the spec's canonicalization example.
 */
export const AgentCardSchema = protoObject({
  name: RequiredStringSchema,
  description: z.string(),
  supportedInterfaces: z
    .array(AgentInterfaceSchema)
    .check(z.minLength(1, { error: 'must contain at least one interface' })),
  provider: z.optional(AgentProviderSchema),
  version: RequiredStringSchema,
  documentationUrl: z.optional(z.string()),
  capabilities: AgentCapabilitiesSchema,
  securitySchemes: z.optional(z.record(z.string(), SecuritySchemeSchema)),
  securityRequirements: z.optional(z.array(SecurityRequirementSchema)),
  defaultInputModes: z.array(z.string()).check(z.minLength(1, modesError)),
  defaultOutputModes: z.array(z.string()).check(z.minLength(1, modesError)),
  skills: z._default(z.array(AgentSkillSchema), () => []),
  signatures: z.optional(z.array(AgentCardSignatureSchema)),
  iconUrl: z.optional(z.string()),
});
/** An agent card. */
export type AgentCard = z.infer<typeof AgentCardSchema>;

/** Parameters of `GetExtendedAgentCard` (JSON-RPC callers may send no params at all; pass `{}` then). */
export const GetExtendedAgentCardRequestSchema = protoObject({
  tenant: z.optional(z.string()),
});
/** A get-extended-card request. */
export type GetExtendedAgentCardRequest = z.infer<typeof GetExtendedAgentCardRequestSchema>;
