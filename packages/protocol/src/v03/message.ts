import { z } from 'zod';
import { MetadataSchema, withDefaultKind } from './json-object.ts';
import { PartSchema } from './part.ts';
import { RoleSchema } from './role.ts';

/** A Message with `kind` required; the building block of the `kind`-discriminated result unions. */
export const messageObject = z.object({
  kind: z.literal('message'),
  messageId: z.string(),
  role: RoleSchema,
  parts: z.array(PartSchema),
  contextId: z.string().optional(),
  taskId: z.string().optional(),
  referenceTaskIds: z.array(z.string()).optional(),
  extensions: z.array(z.string()).optional(),
  metadata: MetadataSchema.optional(),
});

/** One message between client (`role: "user"`) and agent (`role: "agent"`); a missing `kind` is filled in. */
export const MessageSchema = withDefaultKind('message', messageObject);
/** One 0.3 message, with `kind: "message"`. */
export type Message = z.infer<typeof MessageSchema>;
