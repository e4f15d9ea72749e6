import { z } from 'zod';
import { protoObject } from '../wire/proto-json.ts';
import { protoOneof } from '../wire/proto-oneof.ts';
import { Int32Schema, StructSchema } from '../wire/proto-scalars.ts';
import { MessageSchema } from './message.ts';
import { TaskPushNotificationConfigSchema } from './push-config.ts';
import { TaskSchema } from './task.ts';

/**
 * Options of a send: accepted output media types, an inline push config, how much history to return, and
 * `returnImmediately` (unset or false = wait for a terminal or interrupted state).
 */
export const SendMessageConfigurationSchema = protoObject({
  acceptedOutputModes: z.array(z.string()).optional(),
  taskPushNotificationConfig: TaskPushNotificationConfigSchema.optional(),
  historyLength: Int32Schema.optional(),
  returnImmediately: z.boolean().optional(),
});
/** Send configuration. */
export type SendMessageConfiguration = z.infer<typeof SendMessageConfigurationSchema>;

/** Parameters of `SendMessage` and `SendStreamingMessage`. */
export const SendMessageRequestSchema = protoObject({
  tenant: z.string().optional(),
  message: MessageSchema,
  configuration: SendMessageConfigurationSchema.optional(),
  metadata: StructSchema.optional(),
});
/** A send-message request. */
export type SendMessageRequest = z.infer<typeof SendMessageRequestSchema>;

/** The members of `SendMessageResponse`'s `payload` oneof. */
export const SEND_MESSAGE_RESPONSE_FIELDS = ['task', 'message'] as const;

/** Result of `SendMessage`: exactly one of `task` or `message` (a direct reply with no task). */
export const SendMessageResponseSchema = protoOneof(
  protoObject({ task: TaskSchema.optional(), message: MessageSchema.optional() }),
  SEND_MESSAGE_RESPONSE_FIELDS,
);
/** A send-message response; narrow it with `'task' in response`. */
export type SendMessageResponse = z.infer<typeof SendMessageResponseSchema>;
