import * as z from 'zod/mini';
import { protoObject } from '../../wire/proto-json.ts';
import { MetadataSchema } from '../json-object.ts';
import { ArtifactSchema } from './artifact.ts';
import { TaskStatusSchema } from './task.ts';

/** A status change in 0.3 ProtoJSON; `final` is omitted when false and always present after parsing. */
export const TaskStatusUpdateEventSchema = protoObject({
  taskId: z.string(),
  contextId: z.string(),
  status: TaskStatusSchema,
  final: z._default(z.boolean(), false),
  metadata: z.optional(MetadataSchema),
});
/** A 0.3 REST status-update event. */
export type TaskStatusUpdateEvent = z.infer<typeof TaskStatusUpdateEventSchema>;

/** A new or extended artifact in 0.3 ProtoJSON. */
export const TaskArtifactUpdateEventSchema = protoObject({
  taskId: z.string(),
  contextId: z.string(),
  artifact: ArtifactSchema,
  append: z.optional(z.boolean()),
  lastChunk: z.optional(z.boolean()),
  metadata: z.optional(MetadataSchema),
});
/** A 0.3 REST artifact-update event. */
export type TaskArtifactUpdateEvent = z.infer<typeof TaskArtifactUpdateEventSchema>;
