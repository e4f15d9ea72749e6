import * as z from 'zod/mini';
import { protoObject } from '../../wire/proto-json.ts';
import { MetadataSchema } from '../json-object.ts';
import { RoleSchema } from './enums.ts';
import { PartSchema } from './part.ts';

const messageFields = protoObject({
  messageId: z.string(),
  contextId: z.optional(z.string()),
  taskId: z.optional(z.string()),
  role: RoleSchema,
  content: z._default(z.array(PartSchema), []),
  metadata: z.optional(MetadataSchema),
  extensions: z.optional(z.array(z.string())),
});

/**
 * A message in 0.3 ProtoJSON: its parts are in `content` (an empty list may be omitted, and reads as `[]`) and
 * it has no `referenceTaskIds`. A JSON-RPC-shaped message with `parts` is rejected rather than read as empty.
 */
export const MessageSchema = z.pipe(
  z.unknown().check((ctx) => {
    const input = ctx.value;
    if (typeof input !== 'object' || input === null || !('parts' in input) || 'content' in input) return;
    ctx.issues.push({
      code: 'custom',
      input,
      path: ['parts'],
      message: 'a 0.3 REST message carries its parts in content, not parts',
    });
  }),
  messageFields,
);
/** A 0.3 REST message. */
export type Message = z.infer<typeof MessageSchema>;
