import * as z from 'zod/mini';
import { jsonObject, MetadataSchema } from './json-object.ts';

/** A protocol extension the agent supports, identified by `uri`; `required` means clients must use it. */
export const AgentExtensionSchema = jsonObject({
  uri: z.string(),
  description: z.optional(z.string()),
  required: z.optional(z.boolean()),
  params: z.optional(MetadataSchema),
});
/** A protocol extension declared by a 0.3 agent. */
export type AgentExtension = z.infer<typeof AgentExtensionSchema>;

/** Optional features of the agent: streaming, push notifications, state history, extensions. */
export const AgentCapabilitiesSchema = jsonObject({
  streaming: z.optional(z.boolean()),
  pushNotifications: z.optional(z.boolean()),
  stateTransitionHistory: z.optional(z.boolean()),
  extensions: z.optional(z.array(AgentExtensionSchema)),
});
/** Optional features of a 0.3 agent. */
export type AgentCapabilities = z.infer<typeof AgentCapabilitiesSchema>;
