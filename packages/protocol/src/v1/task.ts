import * as z from 'zod/mini';
import { protoObject } from '../wire/proto-json.ts';
import {
  GenerationSchema,
  RequiredStringSchema,
  StructSchema,
  TimestampSchema,
} from '../wire/proto-scalars.ts';
import { ArtifactSchema } from './artifact.ts';
import { MessageSchema } from './message.ts';
import { TaskStateSchema } from './task-state.ts';

/** The current state of a task, with an optional status message and the time it was recorded. */
export const TaskStatusSchema = protoObject({
  state: TaskStateSchema,
  message: z.optional(MessageSchema),
  timestamp: z.optional(TimestampSchema),
});
/** A task status. */
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/** The core unit of work: a server-assigned id, its status, its artifacts and its message history. */
export const TaskSchema = protoObject({
  id: RequiredStringSchema,
  contextId: z.optional(z.string()),
  status: TaskStatusSchema,
  artifacts: z.optional(z.array(ArtifactSchema)),
  history: z.optional(z.array(MessageSchema)),
  metadata: z.optional(StructSchema),
  /** A2A 1.1 draft, behind the task-generation extension: 1 at creation, one more per status or artifact change. */
  generation: z.optional(GenerationSchema),
});
/** A task. */
export type Task = z.infer<typeof TaskSchema>;
