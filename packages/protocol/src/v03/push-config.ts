import * as z from 'zod/mini';
import { jsonObject } from './json-object.ts';

/** How the agent authenticates to the webhook: HTTP auth `schemes` (e.g. `Bearer`) and optional `credentials`. */
export const PushNotificationAuthenticationInfoSchema = jsonObject({
  schemes: z.array(z.string()),
  credentials: z.optional(z.string()),
});
/** How the agent authenticates to a 0.3 webhook. */
export type PushNotificationAuthenticationInfo = z.infer<typeof PushNotificationAuthenticationInfoSchema>;

/** A webhook for task updates: `url`, optional client-chosen `id`, validation `token` and `authentication`. */
export const PushNotificationConfigSchema = jsonObject({
  id: z.optional(z.string()),
  url: z.string(),
  token: z.optional(z.string()),
  authentication: z.optional(PushNotificationAuthenticationInfoSchema),
});
/** A 0.3 webhook configuration. */
export type PushNotificationConfig = z.infer<typeof PushNotificationConfigSchema>;

/** A webhook attached to a task: params of `tasks/pushNotificationConfig/set` and result of set/get. */
export const TaskPushNotificationConfigSchema = jsonObject({
  taskId: z.string(),
  pushNotificationConfig: PushNotificationConfigSchema,
});
/** A 0.3 webhook attached to a task. */
export type TaskPushNotificationConfig = z.infer<typeof TaskPushNotificationConfigSchema>;

/** The result of `tasks/pushNotificationConfig/list`: a bare array of task webhooks. */
export const TaskPushNotificationConfigListSchema = z.array(TaskPushNotificationConfigSchema);
/** The result of `tasks/pushNotificationConfig/list`. */
export type TaskPushNotificationConfigList = z.infer<typeof TaskPushNotificationConfigListSchema>;
