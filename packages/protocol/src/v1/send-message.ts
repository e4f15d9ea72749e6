import * as z from 'zod/mini';
import { protoObject } from '../wire/proto-json.ts';
import { protoOneof } from '../wire/proto-oneof.ts';
import { GenerationSchema, Int32Schema, RequiredStringSchema, StructSchema } from '../wire/proto-scalars.ts';
import { MessageSchema } from './message.ts';
import { TaskPushNotificationConfigSchema } from './push-config.ts';
import { TaskSchema } from './task.ts';

/**
 * Options of a send: accepted output media types, an inline push config, how much history to return, and
 * `returnImmediately` (unset or false = wait for a terminal or interrupted state).
 */
export const SendMessageConfigurationSchema = protoObject({
  acceptedOutputModes: z.optional(z.array(z.string())),
  taskPushNotificationConfig: z.optional(TaskPushNotificationConfigSchema),
  historyLength: z.optional(Int32Schema),
  returnImmediately: z.optional(z.boolean()),
  /**
   * A2A 1.1 draft, behind the task-generation extension: refuse the send (TaskGenerationMismatchError) unless the
   * task it continues is still at this generation. Ignored for a message that starts a task.
   */
  ifGenerationMatch: z.optional(GenerationSchema),
  /**
   * Client-directed skill selection (the 1.1 epic, issue 1989; behind `SKILL_SELECTION_EXTENSION`): the id of the
   * card's skill this send is for. A server that implements it routes the send to that skill or refuses it.
   */
  skillId: z.optional(RequiredStringSchema),
});
/** Send configuration. */
export type SendMessageConfiguration = z.infer<typeof SendMessageConfigurationSchema>;

/** Parameters of `SendMessage` and `SendStreamingMessage`. */
export const SendMessageRequestSchema = protoObject({
  tenant: z.optional(z.string()),
  message: MessageSchema,
  configuration: z.optional(SendMessageConfigurationSchema),
  metadata: z.optional(StructSchema),
});
/** A send-message request. */
export type SendMessageRequest = z.infer<typeof SendMessageRequestSchema>;

/** The members of `SendMessageResponse`'s `payload` oneof. */
export const SEND_MESSAGE_RESPONSE_FIELDS = ['task', 'message'] as const;

/** Result of `SendMessage`: exactly one of `task` or `message` (a direct reply with no task). */
export const SendMessageResponseSchema = protoOneof(
  protoObject({ task: z.optional(TaskSchema), message: z.optional(MessageSchema) }),
  SEND_MESSAGE_RESPONSE_FIELDS,
);
/** A send-message response; narrow it with `'task' in response`. */
export type SendMessageResponse = z.infer<typeof SendMessageResponseSchema>;
