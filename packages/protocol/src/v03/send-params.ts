import { z } from 'zod';
import { jsonObject, MetadataSchema } from './json-object.ts';
import { MessageSchema } from './message.ts';
import { PushNotificationConfigSchema } from './push-config.ts';

/** Options of `message/send` and `message/stream`: accepted output types, history length, webhook, blocking. */
export const MessageSendConfigurationSchema = jsonObject({
  acceptedOutputModes: z.array(z.string()).optional(),
  historyLength: z.int().nonnegative().optional(),
  pushNotificationConfig: PushNotificationConfigSchema.optional(),
  blocking: z.boolean().optional(),
});
/** Options of a 0.3 send. */
export type MessageSendConfiguration = z.infer<typeof MessageSendConfigurationSchema>;

/** The params of `message/send` and `message/stream`. */
export const MessageSendParamsSchema = jsonObject({
  message: MessageSchema,
  configuration: MessageSendConfigurationSchema.optional(),
  metadata: MetadataSchema.optional(),
});
/** The params of a 0.3 send. */
export type MessageSendParams = z.infer<typeof MessageSendParamsSchema>;
