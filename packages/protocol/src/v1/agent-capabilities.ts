import { z } from 'zod';
import { protoObject } from '../wire/proto-json.ts';
import { StructSchema } from '../wire/proto-scalars.ts';

/** A protocol extension the agent supports; `required` means clients must activate it. */
export const AgentExtensionSchema = protoObject({
  uri: z.string().optional(),
  description: z.string().optional(),
  required: z.boolean().optional(),
  params: StructSchema.optional(),
});
/** An agent extension declaration. */
export type AgentExtension = z.infer<typeof AgentExtensionSchema>;

/** The optional features an agent supports: streaming, push notifications, extensions, an extended card. */
export const AgentCapabilitiesSchema = protoObject({
  streaming: z.boolean().optional(),
  pushNotifications: z.boolean().optional(),
  extensions: z.array(AgentExtensionSchema).optional(),
  extendedAgentCard: z.boolean().optional(),
});
/** Agent capabilities. */
export type AgentCapabilities = z.infer<typeof AgentCapabilitiesSchema>;
