import * as z from 'zod/mini';
import { STREAM_RESPONSE_FIELDS } from '../../v1/stream-response.ts';
import { protoObject } from '../../wire/proto-json.ts';
import { protoOneof } from '../../wire/proto-oneof.ts';
import { withJsonName } from './json-name.ts';
import { MessageSchema } from './message.ts';
import { TaskArtifactUpdateEventSchema, TaskStatusUpdateEventSchema } from './stream-events.ts';
import { TaskSchema } from './task.ts';

// The oneof members have the 1.0 JSON names; their messages differ (0.3 parts, states and `final`).
export { STREAM_RESPONSE_FIELDS };

/**
 * One SSE `data:` payload of `POST /v1/message:stream` or `GET /v1/tasks/{id}:subscribe` (no JSON-RPC envelope):
 * exactly one of `task`, `message` (proto field `msg`, also read), `statusUpdate` or `artifactUpdate`.
 */
export const StreamResponseSchema = protoOneof(
  withJsonName(
    'msg',
    'message',
    protoObject({
      task: z.optional(TaskSchema),
      message: z.optional(MessageSchema),
      statusUpdate: z.optional(TaskStatusUpdateEventSchema),
      artifactUpdate: z.optional(TaskArtifactUpdateEventSchema),
    }),
  ),
  STREAM_RESPONSE_FIELDS,
);
/** A 0.3 REST stream event; narrow it with `'statusUpdate' in event` and so on. */
export type StreamResponse = z.infer<typeof StreamResponseSchema>;
