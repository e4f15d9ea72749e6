import { z } from 'zod';
import { ArtifactSchema } from './artifact.ts';
import { jsonObject, MetadataSchema, withDefaultKind } from './json-object.ts';
import { MessageSchema } from './message.ts';
import { TaskStateSchema } from './task-state.ts';
import { TimestampSchema } from './timestamp.ts';

/** A task's state at one moment, with an optional agent message and the time it was recorded. */
export const TaskStatusSchema = jsonObject({
  state: TaskStateSchema,
  message: MessageSchema.optional(),
  timestamp: TimestampSchema.optional(),
});
/** A 0.3 task's status. */
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/** A Task with `kind` required; the building block of the `kind`-discriminated result unions. */
export const taskObject = z.object({
  kind: z.literal('task'),
  id: z.string(),
  contextId: z.string(),
  status: TaskStatusSchema,
  history: z.array(MessageSchema).optional(),
  artifacts: z.array(ArtifactSchema).optional(),
  metadata: MetadataSchema.optional(),
});

/** A stateful unit of work on the agent; a missing `kind` is filled in. */
export const TaskSchema = withDefaultKind('task', taskObject);
/** A 0.3 task, with `kind: "task"`. */
export type Task = z.infer<typeof TaskSchema>;
