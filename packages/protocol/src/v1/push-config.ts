import * as z from 'zod/mini';
import { protoObject } from '../wire/proto-json.ts';
import { Int32Schema, RequiredStringSchema } from '../wire/proto-scalars.ts';

/** The credentials an agent sends with a push notification: `Authorization: {scheme} {credentials}`. */
export const AuthenticationInfoSchema = protoObject({
  scheme: RequiredStringSchema,
  credentials: z.optional(z.string()),
});
/** Push notification authentication details. */
export type AuthenticationInfo = z.infer<typeof AuthenticationInfoSchema>;

/**
 * A webhook the agent POSTs task updates to. It is also the request body of `CreateTaskPushNotificationConfig`;
 * the server assigns `id` when it is absent.
 */
export const TaskPushNotificationConfigSchema = protoObject({
  tenant: z.optional(z.string()),
  id: z.optional(z.string()),
  taskId: z.optional(z.string()),
  url: RequiredStringSchema,
  token: z.optional(z.string()),
  authentication: z.optional(AuthenticationInfoSchema),
});
/** A push notification configuration. */
export type TaskPushNotificationConfig = z.infer<typeof TaskPushNotificationConfigSchema>;

/** Parameters of `GetTaskPushNotificationConfig`. */
export const GetTaskPushNotificationConfigRequestSchema = protoObject({
  tenant: z.optional(z.string()),
  taskId: RequiredStringSchema,
  id: RequiredStringSchema,
});
/** A get-push-config request. */
export type GetTaskPushNotificationConfigRequest = z.infer<typeof GetTaskPushNotificationConfigRequestSchema>;

/** Parameters of `ListTaskPushNotificationConfigs`. */
export const ListTaskPushNotificationConfigsRequestSchema = protoObject({
  tenant: z.optional(z.string()),
  taskId: RequiredStringSchema,
  pageSize: z.optional(Int32Schema),
  pageToken: z.optional(z.string()),
});
/** A list-push-configs request. */
export type ListTaskPushNotificationConfigsRequest = z.infer<
  typeof ListTaskPushNotificationConfigsRequestSchema
>;

/** Result of `ListTaskPushNotificationConfigs`: one page of configs and the token for the next one. */
export const ListTaskPushNotificationConfigsResponseSchema = protoObject({
  configs: z.optional(z.array(TaskPushNotificationConfigSchema)),
  nextPageToken: z.optional(z.string()),
});
/** A list-push-configs response. */
export type ListTaskPushNotificationConfigsResponse = z.infer<
  typeof ListTaskPushNotificationConfigsResponseSchema
>;

/** Parameters of `DeleteTaskPushNotificationConfig`. */
export const DeleteTaskPushNotificationConfigRequestSchema = protoObject({
  tenant: z.optional(z.string()),
  taskId: RequiredStringSchema,
  id: RequiredStringSchema,
});
/** A delete-push-config request. */
export type DeleteTaskPushNotificationConfigRequest = z.infer<
  typeof DeleteTaskPushNotificationConfigRequestSchema
>;
