import * as z from 'zod/mini';
import { protoObject } from '../wire/proto-json.ts';

/** A list of strings (the scopes one security scheme needs); an empty list may arrive as `{}`. */
export const StringListSchema = protoObject({
  list: z.optional(z.array(z.string())),
});
/** A string list. */
export type StringList = z.infer<typeof StringListSchema>;

/**
 * One way to satisfy an agent's security: every scheme named in `schemes` (keys of `AgentCard.securitySchemes`)
 * with its scopes. A list of requirements is an OR of these ANDs.
 */
export const SecurityRequirementSchema = protoObject({
  schemes: z.optional(z.record(z.string(), StringListSchema)),
});
/** A security requirement. */
export type SecurityRequirement = z.infer<typeof SecurityRequirementSchema>;
