import * as z from 'zod/mini';
import { protoObject } from '../../wire/proto-json.ts';
import { MetadataSchema } from '../json-object.ts';
import { TimestampSchema } from '../timestamp.ts';
import { ArtifactSchema } from './artifact.ts';
import { TaskStateSchema } from './enums.ts';
import { withJsonName } from './json-name.ts';
import { MessageSchema } from './message.ts';

/**
 * A task status in 0.3 ProtoJSON: `state` (omitted means `TASK_STATE_UNSPECIFIED`), the status `message`
 * (proto field `update`, also read under that name) and `timestamp`.
 */
export const TaskStatusSchema = withJsonName(
  'update',
  'message',
  protoObject({
    state: z._default(TaskStateSchema, 'TASK_STATE_UNSPECIFIED'),
    message: z.optional(MessageSchema),
    timestamp: z.optional(TimestampSchema),
  }),
);
/** A 0.3 REST task status. */
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/** A task in 0.3 ProtoJSON (no `kind`). */
export const TaskSchema = protoObject({
  id: z.string(),
  contextId: z.string(),
  status: TaskStatusSchema,
  artifacts: z.optional(z.array(ArtifactSchema)),
  history: z.optional(z.array(MessageSchema)),
  metadata: z.optional(MetadataSchema),
});
/** A 0.3 REST task. */
export type Task = z.infer<typeof TaskSchema>;
