import * as z from 'zod/mini';
import { MetadataSchema, withDefaultKind } from './json-object.ts';
import { PartSchema } from './part.ts';
import { RoleSchema } from './role.ts';

/** A Message with `kind` required; the building block of the `kind`-discriminated result unions. */
export const messageObject = z.object({
  kind: z.literal('message'),
  messageId: z.string(),
  role: RoleSchema,
  parts: z.array(PartSchema),
  contextId: z.optional(z.string()),
  taskId: z.optional(z.string()),
  referenceTaskIds: z.optional(z.array(z.string())),
  extensions: z.optional(z.array(z.string())),
  metadata: z.optional(MetadataSchema),
});

/** One message between client (`role: "user"`) and agent (`role: "agent"`); a missing `kind` is filled in. */
export const MessageSchema = withDefaultKind('message', messageObject);
/** One 0.3 message, with `kind: "message"`. */
export type Message = z.infer<typeof MessageSchema>;
