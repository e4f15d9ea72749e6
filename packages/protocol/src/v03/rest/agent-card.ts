import { z } from 'zod';
import { AgentExtensionSchema } from '../../v1/agent-capabilities.ts';
import { AgentCardSignatureSchema } from '../../v1/agent-card.ts';
import { protoObject } from '../../wire/proto-json.ts';
import { ProtocolVersionSchema } from '../agent-card.ts';
import { SecuritySchema, SecuritySchemeSchema } from './security.ts';

/** A skill in 0.3 proto form (`security` as proto Security objects). */
export const AgentSkillSchema = protoObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()).default([]),
  examples: z.array(z.string()).optional(),
  inputModes: z.array(z.string()).optional(),
  outputModes: z.array(z.string()).optional(),
  security: z.array(SecuritySchema).optional(),
});
/** A 0.3 proto skill. */
export type AgentSkill = z.infer<typeof AgentSkillSchema>;

/**
 * Agent capabilities in 0.3 proto form (the proto has no `stateTransitionHistory`). `AgentExtension` is the 1.0
 * message field for field, so its schema is reused (an empty `uri`, which ProtoJSON leaves out, reads as unset).
 */
export const AgentCapabilitiesSchema = protoObject({
  streaming: z.boolean().optional(),
  pushNotifications: z.boolean().optional(),
  extensions: z.array(AgentExtensionSchema).optional(),
});
/** 0.3 proto capabilities. */
export type AgentCapabilities = z.infer<typeof AgentCapabilitiesSchema>;

/**
 * The agent card as `GET /v1/card` returns it: ProtoJSON of the 0.3 proto, so `security` entries are
 * `{schemes: {name: {list}}}`, security schemes are oneof wrappers, and there is no `iconUrl`. Signatures are the
 * 1.0 `AgentCardSignature` (the same message, `protected` and `signature` REQUIRED in both protos).
 */
export const AgentCardSchema = protoObject({
  protocolVersion: ProtocolVersionSchema,
  name: z.string(),
  description: z.string(),
  url: z.string(),
  preferredTransport: z.string().optional(),
  additionalInterfaces: z.array(protoObject({ url: z.string(), transport: z.string() })).optional(),
  provider: protoObject({ url: z.string(), organization: z.string() }).optional(),
  version: z.string(),
  documentationUrl: z.string().optional(),
  capabilities: AgentCapabilitiesSchema.default({}),
  securitySchemes: z.record(z.string(), SecuritySchemeSchema).optional(),
  security: z.array(SecuritySchema).optional(),
  defaultInputModes: z.array(z.string()).default([]),
  defaultOutputModes: z.array(z.string()).default([]),
  skills: z.array(AgentSkillSchema).default([]),
  supportsAuthenticatedExtendedCard: z.boolean().optional(),
  signatures: z.array(AgentCardSignatureSchema).optional(),
});
/** A 0.3 agent card in proto form. */
export type AgentCard = z.infer<typeof AgentCardSchema>;
