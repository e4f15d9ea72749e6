import { z } from 'zod';
import { protoObject } from '../wire/proto-json.ts';
import { RequiredStringSchema, StructSchema } from '../wire/proto-scalars.ts';
import { PartSchema } from './part.ts';
import { RoleSchema } from './role.ts';

/** One unit of communication between client and agent: who sent it and its parts (at least one). */
export const MessageSchema = protoObject({
  messageId: RequiredStringSchema,
  contextId: z.string().optional(),
  taskId: z.string().optional(),
  role: RoleSchema,
  parts: z.array(PartSchema).min(1, { error: 'must contain at least one part' }),
  metadata: StructSchema.optional(),
  extensions: z.array(z.string()).optional(),
  referenceTaskIds: z.array(z.string()).optional(),
});
/** A message. */
export type Message = z.infer<typeof MessageSchema>;
