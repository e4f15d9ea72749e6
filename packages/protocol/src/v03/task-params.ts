import * as z from 'zod/mini';
import { jsonObject, MetadataSchema } from './json-object.ts';

const taskIdFields = {
  id: z.string(),
  metadata: z.optional(MetadataSchema),
};

/** Params naming one task by `id`: `tasks/cancel` and `tasks/resubscribe`. */
export const TaskIdParamsSchema = jsonObject(taskIdFields);
/** Params naming one 0.3 task. */
export type TaskIdParams = z.infer<typeof TaskIdParamsSchema>;

/** Params of `tasks/get`: the task `id` and how many recent history messages to return. */
export const TaskQueryParamsSchema = jsonObject({
  ...taskIdFields,
  historyLength: z.optional(z.int().check(z.nonnegative())),
});
/** Params of 0.3 `tasks/get`. */
export type TaskQueryParams = z.infer<typeof TaskQueryParamsSchema>;

/** Params of `tasks/pushNotificationConfig/get`: task `id`, optional config id (bare TaskIdParams still accepted). */
export const GetTaskPushNotificationConfigParamsSchema = jsonObject({
  ...taskIdFields,
  pushNotificationConfigId: z.optional(z.string()),
});
/** Params of 0.3 `tasks/pushNotificationConfig/get`. */
export type GetTaskPushNotificationConfigParams = z.infer<typeof GetTaskPushNotificationConfigParamsSchema>;

/** Params of `tasks/pushNotificationConfig/list`: the task `id`. */
export const ListTaskPushNotificationConfigParamsSchema = jsonObject(taskIdFields);
/** Params of 0.3 `tasks/pushNotificationConfig/list`. */
export type ListTaskPushNotificationConfigParams = z.infer<typeof ListTaskPushNotificationConfigParamsSchema>;

/** Params of `tasks/pushNotificationConfig/delete`: the task `id` and the config to delete. */
export const DeleteTaskPushNotificationConfigParamsSchema = jsonObject({
  ...taskIdFields,
  pushNotificationConfigId: z.string(),
});
/** Params of 0.3 `tasks/pushNotificationConfig/delete`. */
export type DeleteTaskPushNotificationConfigParams = z.infer<
  typeof DeleteTaskPushNotificationConfigParamsSchema
>;
