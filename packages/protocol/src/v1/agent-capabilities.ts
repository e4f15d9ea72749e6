import * as z from 'zod/mini';
import { protoObject } from '../wire/proto-json.ts';
import { StructSchema } from '../wire/proto-scalars.ts';

/** A protocol extension the agent supports; `required` means clients must activate it. */
export const AgentExtensionSchema = protoObject({
  uri: z.optional(z.string()),
  description: z.optional(z.string()),
  required: z.optional(z.boolean()),
  params: z.optional(StructSchema),
});
/** An agent extension declaration. */
export type AgentExtension = z.infer<typeof AgentExtensionSchema>;

/** The optional features an agent supports: streaming, push notifications, extensions, an extended card. */
export const AgentCapabilitiesSchema = protoObject({
  streaming: z.optional(z.boolean()),
  pushNotifications: z.optional(z.boolean()),
  extensions: z.optional(z.array(AgentExtensionSchema)),
  extendedAgentCard: z.optional(z.boolean()),
});
/** Agent capabilities. */
export type AgentCapabilities = z.infer<typeof AgentCapabilitiesSchema>;
