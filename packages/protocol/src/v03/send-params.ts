import * as z from 'zod/mini';
import { jsonObject, MetadataSchema } from './json-object.ts';
import { MessageSchema } from './message.ts';
import { PushNotificationConfigSchema } from './push-config.ts';

/** Options of `message/send` and `message/stream`: accepted output types, history length, webhook, blocking. */
export const MessageSendConfigurationSchema = jsonObject({
  acceptedOutputModes: z.optional(z.array(z.string())),
  historyLength: z.optional(z.int().check(z.nonnegative())),
  pushNotificationConfig: z.optional(PushNotificationConfigSchema),
  blocking: z.optional(z.boolean()),
});
/** Options of a 0.3 send. */
export type MessageSendConfiguration = z.infer<typeof MessageSendConfigurationSchema>;

/** The params of `message/send` and `message/stream`. */
export const MessageSendParamsSchema = jsonObject({
  message: MessageSchema,
  configuration: z.optional(MessageSendConfigurationSchema),
  metadata: z.optional(MetadataSchema),
});
/** The params of a 0.3 send. */
export type MessageSendParams = z.infer<typeof MessageSendParamsSchema>;
