import * as z from 'zod/mini';
import { AgentCapabilitiesSchema } from './agent-capabilities.ts';
import { AgentSkillSchema } from './agent-skill.ts';
import { jsonObject, MetadataSchema } from './json-object.ts';
import { SecurityRequirementSchema, SecuritySchemeSchema } from './security-scheme.ts';

/** The transports 0.3 names; cards may also carry other strings (custom transports). */
export const TransportProtocolSchema = z.enum(['JSONRPC', 'GRPC', 'HTTP+JSON']);
/** A transport named by 0.3. */
export type TransportProtocol = z.infer<typeof TransportProtocolSchema>;

/** A protocol version `Major.Minor[.Patch]` such as `0.3.0` or `0.3`, kept as sent. */
export const ProtocolVersionSchema = z
  .string()
  .check(z.regex(/^\d+\.\d+(?:\.\d+)?$/, 'must be a version such as 0.3 or 0.3.0 (Major.Minor[.Patch])'));
/** A protocol version string. */
export type ProtocolVersion = z.infer<typeof ProtocolVersionSchema>;

/** An endpoint of the agent: a `url` and the `transport` served there (`JSONRPC`, `GRPC`, `HTTP+JSON`, ...). */
export const AgentInterfaceSchema = jsonObject({
  url: z.string(),
  transport: z.string(),
});
/** An endpoint of a 0.3 agent. */
export type AgentInterface = z.infer<typeof AgentInterfaceSchema>;

/** The organization behind the agent. */
export const AgentProviderSchema = jsonObject({
  organization: z.string(),
  url: z.string(),
});
/** The organization behind a 0.3 agent. */
export type AgentProvider = z.infer<typeof AgentProviderSchema>;

/** A JWS signature over the card (base64url `protected` header and `signature`, optional unprotected `header`). */
export const AgentCardSignatureSchema = jsonObject({
  protected: z.string(),
  signature: z.string(),
  header: z.optional(MetadataSchema),
});
/** A JWS signature over a 0.3 agent card. */
export type AgentCardSignature = z.infer<typeof AgentCardSignatureSchema>;

/** The 0.3 agent card: identity, endpoints (`url` + `preferredTransport` + `additionalInterfaces`), skills, security. */
export const AgentCardSchema = jsonObject({
  protocolVersion: ProtocolVersionSchema,
  name: z.string(),
  description: z.string(),
  url: z.string(),
  preferredTransport: z.optional(z.string()),
  additionalInterfaces: z.optional(z.array(AgentInterfaceSchema)),
  iconUrl: z.optional(z.string()),
  provider: z.optional(AgentProviderSchema),
  version: z.string(),
  documentationUrl: z.optional(z.string()),
  capabilities: AgentCapabilitiesSchema,
  securitySchemes: z.optional(z.record(z.string(), SecuritySchemeSchema)),
  security: z.optional(z.array(SecurityRequirementSchema)),
  defaultInputModes: z.array(z.string()),
  defaultOutputModes: z.array(z.string()),
  skills: z.array(AgentSkillSchema),
  supportsAuthenticatedExtendedCard: z.optional(z.boolean()),
  signatures: z.optional(z.array(AgentCardSignatureSchema)),
});
/** A 0.3 agent card. */
export type AgentCard = z.infer<typeof AgentCardSchema>;
