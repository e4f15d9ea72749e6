import * as z from 'zod/mini';
import { ArtifactSchema } from './artifact.ts';
import { jsonObject, MetadataSchema, withDefaultKind } from './json-object.ts';
import { MessageSchema } from './message.ts';
import { TaskStateSchema } from './task-state.ts';
import { TimestampSchema } from './timestamp.ts';

/** A task's state at one moment, with an optional agent message and the time it was recorded. */
export const TaskStatusSchema = jsonObject({
  state: TaskStateSchema,
  message: z.optional(MessageSchema),
  timestamp: z.optional(TimestampSchema),
});
/** A 0.3 task's status. */
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/** A Task with `kind` required; the building block of the `kind`-discriminated result unions. */
export const taskObject = z.object({
  kind: z.literal('task'),
  id: z.string(),
  contextId: z.string(),
  status: TaskStatusSchema,
  history: z.optional(z.array(MessageSchema)),
  artifacts: z.optional(z.array(ArtifactSchema)),
  metadata: z.optional(MetadataSchema),
});

/** A stateful unit of work on the agent; a missing `kind` is filled in. */
export const TaskSchema = withDefaultKind('task', taskObject);
/** A 0.3 task, with `kind: "task"`. */
export type Task = z.infer<typeof TaskSchema>;
