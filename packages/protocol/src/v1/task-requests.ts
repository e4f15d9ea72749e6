import { z } from 'zod';
import { protoObject } from '../wire/proto-json.ts';
import { Int32Schema, RequiredStringSchema, StructSchema, TimestampSchema } from '../wire/proto-scalars.ts';
import { TaskSchema } from './task.ts';
import { TaskStateSchema } from './task-state.ts';

/** Parameters of `GetTask`; `historyLength` caps the messages returned (0 = none, unset = no client limit). */
export const GetTaskRequestSchema = protoObject({
  tenant: z.string().optional(),
  id: RequiredStringSchema,
  historyLength: Int32Schema.optional(),
});
/** A get-task request. */
export type GetTaskRequest = z.infer<typeof GetTaskRequestSchema>;

/** Parameters of `ListTasks`: filters (context, state, updated-after), paging and what to include. */
export const ListTasksRequestSchema = protoObject({
  tenant: z.string().optional(),
  contextId: z.string().optional(),
  status: TaskStateSchema.optional(),
  pageSize: Int32Schema.optional(),
  pageToken: z.string().optional(),
  historyLength: Int32Schema.optional(),
  statusTimestampAfter: TimestampSchema.optional(),
  includeArtifacts: z.boolean().optional(),
});
/** A list-tasks request. */
export type ListTasksRequest = z.infer<typeof ListTasksRequestSchema>;

/**
 * Result of `ListTasks`. `tasks` may be empty (a page with no matches) and reads as `[]` when a peer omits it;
 * `nextPageToken` is `""` on the last page.
 */
export const ListTasksResponseSchema = protoObject({
  tasks: z.array(TaskSchema).default(() => []),
  nextPageToken: z.string(),
  pageSize: Int32Schema,
  totalSize: Int32Schema,
});
/** A list-tasks response. */
export type ListTasksResponse = z.infer<typeof ListTasksResponseSchema>;

/** Parameters of `CancelTask`. */
export const CancelTaskRequestSchema = protoObject({
  tenant: z.string().optional(),
  id: RequiredStringSchema,
  metadata: StructSchema.optional(),
});
/** A cancel-task request. */
export type CancelTaskRequest = z.infer<typeof CancelTaskRequestSchema>;

/** Parameters of `SubscribeToTask`. */
export const SubscribeToTaskRequestSchema = protoObject({
  tenant: z.string().optional(),
  id: RequiredStringSchema,
});
/** A subscribe-to-task request. */
export type SubscribeToTaskRequest = z.infer<typeof SubscribeToTaskRequestSchema>;
