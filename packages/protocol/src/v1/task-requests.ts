import * as z from 'zod/mini';
import { protoObject } from '../wire/proto-json.ts';
import {
  GenerationSchema,
  Int32Schema,
  RequiredStringSchema,
  StructSchema,
  TimestampSchema,
} from '../wire/proto-scalars.ts';
import { TaskSchema } from './task.ts';
import { TaskStateSchema } from './task-state.ts';

/** Parameters of `GetTask`; `historyLength` caps the messages returned (0 = none, unset = no client limit). */
export const GetTaskRequestSchema = protoObject({
  tenant: z.optional(z.string()),
  id: RequiredStringSchema,
  historyLength: z.optional(Int32Schema),
  /**
   * A2A 1.1 draft, behind the task-generation extension: long-poll, answering once the task's generation is past
   * this one (at once when it already is; with the task as it is when the server's wait runs out).
   */
  currentGeneration: z.optional(GenerationSchema),
});
/** A get-task request. */
export type GetTaskRequest = z.infer<typeof GetTaskRequestSchema>;

/** Parameters of `ListTasks`: filters (context, state, updated-after), paging and what to include. */
export const ListTasksRequestSchema = protoObject({
  tenant: z.optional(z.string()),
  contextId: z.optional(z.string()),
  status: z.optional(TaskStateSchema),
  pageSize: z.optional(Int32Schema),
  pageToken: z.optional(z.string()),
  historyLength: z.optional(Int32Schema),
  statusTimestampAfter: z.optional(TimestampSchema),
  includeArtifacts: z.optional(z.boolean()),
});
/** A list-tasks request. */
export type ListTasksRequest = z.infer<typeof ListTasksRequestSchema>;

/**
 * Result of `ListTasks`. `tasks` may be empty (a page with no matches) and reads as `[]` when a peer omits it;
 * `nextPageToken` is `""` on the last page.
 */
export const ListTasksResponseSchema = protoObject({
  tasks: z._default(z.array(TaskSchema), () => []),
  nextPageToken: z.string(),
  pageSize: Int32Schema,
  totalSize: Int32Schema,
});
/** A list-tasks response. */
export type ListTasksResponse = z.infer<typeof ListTasksResponseSchema>;

/** Parameters of `CancelTask`. */
export const CancelTaskRequestSchema = protoObject({
  tenant: z.optional(z.string()),
  id: RequiredStringSchema,
  metadata: z.optional(StructSchema),
});
/** A cancel-task request. */
export type CancelTaskRequest = z.infer<typeof CancelTaskRequestSchema>;

/** Parameters of `SubscribeToTask`. */
export const SubscribeToTaskRequestSchema = protoObject({
  tenant: z.optional(z.string()),
  id: RequiredStringSchema,
});
/** A subscribe-to-task request. */
export type SubscribeToTaskRequest = z.infer<typeof SubscribeToTaskRequestSchema>;
