/**
 * The 0.3 params of each JSON-RPC method: parsed with the `v03` schemas, then translated to the 1.0 request.
 * Loaded with the first 0.3 call (see `readV03Request`), so a server that only ever hears 1.0 never builds the
 * 0.3 schemas: they are a third of the protocol's start-up work.
 */
import { type A2AMethod, parseOrThrow, translate } from '@baton/protocol';
import * as v03 from '@baton/protocol/v03';
import type * as z from 'zod/mini';

type Params = Readonly<Record<string, unknown>>;

/** Parses 0.3 params with `schema`, then translates them to 1.0. */
function fromV03<Schema extends z.ZodMiniType, Request>(
  schema: Schema,
  toV1: (params: z.output<Schema>) => Request,
): (params: Params) => Request {
  return (params) => toV1(parseOrThrow(schema, params));
}

const sendMessage = fromV03(v03.MessageSendParamsSchema, translate.sendMessageRequestFromV03);

/** The reader of each method 0.3 has; ListTasks has no 0.3 form. */
export const V03_READERS: Readonly<Partial<Record<A2AMethod, (params: Params) => unknown>>> = {
  SendMessage: sendMessage,
  SendStreamingMessage: sendMessage,
  GetTask: fromV03(v03.TaskQueryParamsSchema, translate.getTaskRequestFromV03),
  CancelTask: fromV03(v03.TaskIdParamsSchema, translate.cancelTaskRequestFromV03),
  SubscribeToTask: fromV03(v03.TaskIdParamsSchema, translate.subscribeToTaskRequestFromV03),
  CreateTaskPushNotificationConfig: fromV03(
    v03.TaskPushNotificationConfigSchema,
    translate.taskPushNotificationConfigFromV03,
  ),
  GetTaskPushNotificationConfig: fromV03(
    v03.GetTaskPushNotificationConfigParamsSchema,
    translate.getTaskPushNotificationConfigRequestFromV03,
  ),
  ListTaskPushNotificationConfigs: fromV03(
    v03.ListTaskPushNotificationConfigParamsSchema,
    translate.listTaskPushNotificationConfigsRequestFromV03,
  ),
  DeleteTaskPushNotificationConfig: fromV03(
    v03.DeleteTaskPushNotificationConfigParamsSchema,
    translate.deleteTaskPushNotificationConfigRequestFromV03,
  ),
  // 0.3 `agent/getAuthenticatedExtendedCard` takes no params; whatever is sent is ignored.
  GetExtendedAgentCard: () => ({}),
};
