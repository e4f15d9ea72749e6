import * as z from 'zod/mini';
import { protoObject } from '../wire/proto-json.ts';
import { RequiredStringSchema, StructSchema } from '../wire/proto-scalars.ts';
import { PartSchema } from './part.ts';
import { RoleSchema } from './role.ts';

/** One unit of communication between client and agent: who sent it and its parts (at least one). */
export const MessageSchema = protoObject({
  messageId: RequiredStringSchema,
  contextId: z.optional(z.string()),
  taskId: z.optional(z.string()),
  role: RoleSchema,
  parts: z.array(PartSchema).check(z.minLength(1, { error: 'must contain at least one part' })),
  metadata: z.optional(StructSchema),
  extensions: z.optional(z.array(z.string())),
  referenceTaskIds: z.optional(z.array(z.string())),
});
/** A message. */
export type Message = z.infer<typeof MessageSchema>;
