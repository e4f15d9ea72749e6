import * as z from 'zod/mini';
import { protoObject } from '../wire/proto-json.ts';
import { protoOneof } from '../wire/proto-oneof.ts';
import { MessageSchema } from './message.ts';
import { TaskArtifactUpdateEventSchema, TaskStatusUpdateEventSchema } from './stream-events.ts';
import { TaskSchema } from './task.ts';

/** The members of `StreamResponse`'s `payload` oneof. */
export const STREAM_RESPONSE_FIELDS = ['task', 'message', 'statusUpdate', 'artifactUpdate'] as const;

/**
 * One event of a stream (SSE `data:` line, JSON-RPC `result`, or push-notification body): exactly one of `task`,
 * `message`, `statusUpdate` or `artifactUpdate`.
 */
export const StreamResponseSchema = protoOneof(
  protoObject({
    task: z.optional(TaskSchema),
    message: z.optional(MessageSchema),
    statusUpdate: z.optional(TaskStatusUpdateEventSchema),
    artifactUpdate: z.optional(TaskArtifactUpdateEventSchema),
  }),
  STREAM_RESPONSE_FIELDS,
);
/** A stream event; narrow it with `'statusUpdate' in event` and so on. */
export type StreamResponse = z.infer<typeof StreamResponseSchema>;
