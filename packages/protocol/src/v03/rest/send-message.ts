import * as z from 'zod/mini';
import { SEND_MESSAGE_RESPONSE_FIELDS } from '../../v1/send-message.ts';
import { protoObject } from '../../wire/proto-json.ts';
import { protoOneof } from '../../wire/proto-oneof.ts';
import { Int32Schema } from '../../wire/proto-scalars.ts';
import { MetadataSchema } from '../json-object.ts';
import { withJsonName } from './json-name.ts';
import { MessageSchema } from './message.ts';
import { PushNotificationConfigSchema } from './push-config.ts';
import { TaskSchema } from './task.ts';

/**
 * Send options in 0.3 ProtoJSON: `acceptedOutputModes`, the webhook under `pushNotification` (not
 * `pushNotificationConfig`), `historyLength` (0 or absent: no limit) and `blocking`.
 */
export const SendMessageConfigurationSchema = protoObject({
  acceptedOutputModes: z.optional(z.array(z.string())),
  pushNotification: z.optional(PushNotificationConfigSchema),
  historyLength: z.optional(Int32Schema),
  blocking: z.optional(z.boolean()),
});
/** 0.3 REST send options. */
export type SendMessageConfiguration = z.infer<typeof SendMessageConfigurationSchema>;

/** The body of `POST /v1/message:send` and `:stream`: `message` (proto field `request`, also read), options, metadata. */
export const SendMessageRequestSchema = withJsonName(
  'request',
  'message',
  protoObject({
    message: MessageSchema,
    configuration: z.optional(SendMessageConfigurationSchema),
    metadata: z.optional(MetadataSchema),
  }),
);
/** A 0.3 REST send request. */
export type SendMessageRequest = z.infer<typeof SendMessageRequestSchema>;

// The oneof members have the 1.0 JSON names; their messages differ.
export { SEND_MESSAGE_RESPONSE_FIELDS };

/** The body of a `POST /v1/message:send` reply: exactly one of `task` or `message` (proto field `msg`, also read). */
export const SendMessageResponseSchema = protoOneof(
  withJsonName(
    'msg',
    'message',
    protoObject({
      task: z.optional(TaskSchema),
      message: z.optional(MessageSchema),
    }),
  ),
  SEND_MESSAGE_RESPONSE_FIELDS,
);
/** A 0.3 REST send reply; narrow it with `'task' in response`. */
export type SendMessageResponse = z.infer<typeof SendMessageResponseSchema>;
