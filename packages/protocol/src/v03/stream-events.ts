import * as z from 'zod/mini';
import { ArtifactSchema } from './artifact.ts';
import { MetadataSchema, withDefaultKind } from './json-object.ts';
import { TaskStatusSchema } from './task.ts';

/** A status-update event with `kind` required; the building block of the stream event union. */
export const statusUpdateObject = z.object({
  kind: z.literal('status-update'),
  taskId: z.string(),
  contextId: z.string(),
  status: TaskStatusSchema,
  final: z.boolean(),
  metadata: z.optional(MetadataSchema),
});

/** A change of a task's status; `final: true` marks the last event of the stream. */
export const TaskStatusUpdateEventSchema = withDefaultKind('status-update', statusUpdateObject);
/** A 0.3 status-update event, with `kind: "status-update"`. */
export type TaskStatusUpdateEvent = z.infer<typeof TaskStatusUpdateEventSchema>;

/** An artifact-update event with `kind` required; the building block of the stream event union. */
export const artifactUpdateObject = z.object({
  kind: z.literal('artifact-update'),
  taskId: z.string(),
  contextId: z.string(),
  artifact: ArtifactSchema,
  append: z.optional(z.boolean()),
  lastChunk: z.optional(z.boolean()),
  metadata: z.optional(MetadataSchema),
});

/** A new or extended artifact (`append` adds parts to the artifact with the same id). */
export const TaskArtifactUpdateEventSchema = withDefaultKind('artifact-update', artifactUpdateObject);
/** A 0.3 artifact-update event, with `kind: "artifact-update"`. */
export type TaskArtifactUpdateEvent = z.infer<typeof TaskArtifactUpdateEventSchema>;
