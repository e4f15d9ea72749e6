import * as z from 'zod/mini';
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
  tags: z._default(z.array(z.string()), []),
  examples: z.optional(z.array(z.string())),
  inputModes: z.optional(z.array(z.string())),
  outputModes: z.optional(z.array(z.string())),
  security: z.optional(z.array(SecuritySchema)),
});
/** A 0.3 proto skill. */
export type AgentSkill = z.infer<typeof AgentSkillSchema>;

/**
 * Agent capabilities in 0.3 proto form (the proto has no `stateTransitionHistory`). `AgentExtension` is the 1.0
 * message field for field, so its schema is reused (an empty `uri`, which ProtoJSON leaves out, reads as unset).
 */
export const AgentCapabilitiesSchema = protoObject({
  streaming: z.optional(z.boolean()),
  pushNotifications: z.optional(z.boolean()),
  extensions: z.optional(z.array(AgentExtensionSchema)),
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
  preferredTransport: z.optional(z.string()),
  additionalInterfaces: z.optional(z.array(protoObject({ url: z.string(), transport: z.string() }))),
  provider: z.optional(protoObject({ url: z.string(), organization: z.string() })),
  version: z.string(),
  documentationUrl: z.optional(z.string()),
  capabilities: z._default(AgentCapabilitiesSchema, {}),
  securitySchemes: z.optional(z.record(z.string(), SecuritySchemeSchema)),
  security: z.optional(z.array(SecuritySchema)),
  defaultInputModes: z._default(z.array(z.string()), []),
  defaultOutputModes: z._default(z.array(z.string()), []),
  skills: z._default(z.array(AgentSkillSchema), []),
  supportsAuthenticatedExtendedCard: z.optional(z.boolean()),
  signatures: z.optional(z.array(AgentCardSignatureSchema)),
});
/** A 0.3 agent card in proto form. */
export type AgentCard = z.infer<typeof AgentCardSchema>;
