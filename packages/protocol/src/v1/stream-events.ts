import * as z from 'zod/mini';
import { protoObject } from '../wire/proto-json.ts';
import { GenerationSchema, RequiredStringSchema, StructSchema } from '../wire/proto-scalars.ts';
import { ArtifactSchema } from './artifact.ts';
import { TaskStatusSchema } from './task.ts';

/** Tells the client that a task's status changed. End of stream is signalled by the binding, not a field. */
export const TaskStatusUpdateEventSchema = protoObject({
  taskId: RequiredStringSchema,
  contextId: RequiredStringSchema,
  status: TaskStatusSchema,
  metadata: z.optional(StructSchema),
  /** A2A 1.1 draft, behind the task-generation extension: the task's generation after this event. */
  generation: z.optional(GenerationSchema),
});
/** A task status update event. */
export type TaskStatusUpdateEvent = z.infer<typeof TaskStatusUpdateEventSchema>;

/** Delivers a new artifact or, with `append`, another chunk of one already sent (`lastChunk` marks the end). */
export const TaskArtifactUpdateEventSchema = protoObject({
  taskId: RequiredStringSchema,
  contextId: RequiredStringSchema,
  artifact: ArtifactSchema,
  append: z.optional(z.boolean()),
  lastChunk: z.optional(z.boolean()),
  metadata: z.optional(StructSchema),
  /** A2A 1.1 draft, behind the task-generation extension: the task's generation after this event. */
  generation: z.optional(GenerationSchema),
});
/** A task artifact update event. */
export type TaskArtifactUpdateEvent = z.infer<typeof TaskArtifactUpdateEventSchema>;
