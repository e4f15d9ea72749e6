import * as z from 'zod/mini';
import { isJsonObject } from '../../wire/is-json-object.ts';
import { preprocess } from '../../wire/preprocess.ts';
import { protoObject } from '../../wire/proto-json.ts';
import { PUSH_CONFIG_NAME } from './push-config-name.ts';

export { parsePushConfigName, pushConfigName } from './push-config-name.ts';

/** How the agent authenticates to the webhook, in 0.3 ProtoJSON; an empty `schemes` list reads as `[]`. */
export const AuthenticationInfoSchema = protoObject({
  schemes: z._default(z.array(z.string()), []),
  credentials: z.optional(z.string()),
});
/** 0.3 REST webhook authentication. */
export type AuthenticationInfo = z.infer<typeof AuthenticationInfoSchema>;

/** A webhook in 0.3 ProtoJSON: `url`, optional `id`, `token` and `authentication`. */
export const PushNotificationConfigSchema = protoObject({
  id: z.optional(z.string()),
  url: z.string(),
  token: z.optional(z.string()),
  authentication: z.optional(AuthenticationInfoSchema),
});
/** A 0.3 REST webhook. */
export type PushNotificationConfig = z.infer<typeof PushNotificationConfigSchema>;

/** The resource name of a 0.3 REST push config, `tasks/{taskId}/pushNotificationConfigs/{configId}`. */
export const PushConfigNameSchema = z
  .string()
  .check(z.regex(PUSH_CONFIG_NAME, 'must be tasks/{taskId}/pushNotificationConfigs/{configId}'));
/** A 0.3 REST push config resource name. */
export type PushConfigName = z.infer<typeof PushConfigNameSchema>;

/**
 * A webhook attached to a task, in 0.3 ProtoJSON: the resource `name`
 * (`tasks/{taskId}/pushNotificationConfigs/{configId}`; a2a-js leaves `configId` empty when the config has no id)
 * and the `pushNotificationConfig`.
 */
export const TaskPushNotificationConfigSchema = protoObject({
  name: PushConfigNameSchema,
  pushNotificationConfig: PushNotificationConfigSchema,
});
/** A 0.3 REST task webhook. */
export type TaskPushNotificationConfig = z.infer<typeof TaskPushNotificationConfigSchema>;

const createBody = protoObject({
  name: z.optional(PushConfigNameSchema),
  pushNotificationConfig: PushNotificationConfigSchema,
});

// a2a-python 0.3 posts the whole CreateTaskPushNotificationConfigRequest `{parent, configId, config}`; a2a-js
// posts the bare TaskPushNotificationConfig. Unwrap the former into the latter.
function unwrapCreateRequest(input: unknown): unknown {
  if (!isJsonObject(input) || !isJsonObject(input.config)) return input;
  const config = input.config;
  const configId = input.configId ?? input.config_id;
  const inner = config.pushNotificationConfig ?? config.push_notification_config;
  if (typeof configId !== 'string' || configId === '' || !isJsonObject(inner) || inner.id != null)
    return config;
  return { ...config, pushNotificationConfig: { ...inner, id: configId } };
}

/**
 * The body of `POST /v1/tasks/{id}/pushNotificationConfigs`: the TaskPushNotificationConfig (as a2a-js sends
 * it, `name` optional since the path names the task) or a2a-python's `{parent, configId, config}` wrapper, read
 * as its `config` with `configId` as the config id when the config has none.
 */
export const CreatePushConfigBodySchema = preprocess(unwrapCreateRequest, createBody);
/** A 0.3 REST push config creation body. */
export type CreatePushConfigBody = z.infer<typeof CreatePushConfigBodySchema>;

/** The body of `GET /v1/tasks/{id}/pushNotificationConfigs`: `configs` (omitted when empty) and a page token. */
export const ListTaskPushNotificationConfigResponseSchema = protoObject({
  configs: z._default(z.array(TaskPushNotificationConfigSchema), []),
  nextPageToken: z.optional(z.string()),
});
/** A 0.3 REST push config list. */
export type ListTaskPushNotificationConfigResponse = z.infer<
  typeof ListTaskPushNotificationConfigResponseSchema
>;
