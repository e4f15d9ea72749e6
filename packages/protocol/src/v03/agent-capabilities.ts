import { z } from 'zod';
import { jsonObject, MetadataSchema } from './json-object.ts';

/** A protocol extension the agent supports, identified by `uri`; `required` means clients must use it. */
export const AgentExtensionSchema = jsonObject({
  uri: z.string(),
  description: z.string().optional(),
  required: z.boolean().optional(),
  params: MetadataSchema.optional(),
});
/** A protocol extension declared by a 0.3 agent. */
export type AgentExtension = z.infer<typeof AgentExtensionSchema>;

/** Optional features of the agent: streaming, push notifications, state history, extensions. */
export const AgentCapabilitiesSchema = jsonObject({
  streaming: z.boolean().optional(),
  pushNotifications: z.boolean().optional(),
  stateTransitionHistory: z.boolean().optional(),
  extensions: z.array(AgentExtensionSchema).optional(),
});
/** Optional features of a 0.3 agent. */
export type AgentCapabilities = z.infer<typeof AgentCapabilitiesSchema>;
