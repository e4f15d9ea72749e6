import { z } from 'zod';
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
    state: TaskStateSchema.default('TASK_STATE_UNSPECIFIED'),
    message: MessageSchema.optional(),
    timestamp: TimestampSchema.optional(),
  }),
);
/** A 0.3 REST task status. */
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/** A task in 0.3 ProtoJSON (no `kind`). */
export const TaskSchema = protoObject({
  id: z.string(),
  contextId: z.string(),
  status: TaskStatusSchema,
  artifacts: z.array(ArtifactSchema).optional(),
  history: z.array(MessageSchema).optional(),
  metadata: MetadataSchema.optional(),
});
/** A 0.3 REST task. */
export type Task = z.infer<typeof TaskSchema>;
