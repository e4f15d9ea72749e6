import {
  Int32Schema,
  ListTaskPushNotificationConfigsRequestSchema,
  parseOrThrow,
  translate,
} from '@baton/protocol';
import * as v03 from '@baton/protocol/v03';
import * as z from 'zod/mini';
import { translateParamsOrThrow } from '../binding/index.ts';
import { readQueryFields } from './query-fields.ts';
import {
  bodyObject,
  defineOperation,
  jsonResult,
  type RestCallInput,
  type RestOperations,
  streamResult,
} from './rest-operation.ts';

const rest = translate.rest;

const GetTaskQuerySchema = z.object({ historyLength: z.optional(Int32Schema) });

const taskIdOf = (input: RestCallInput): string => input.params.taskId ?? '';
const configIdOf = (input: RestCallInput): string => input.params.configId ?? '';

const decodeSendMessage = (input: RestCallInput) => {
  const body = parseOrThrow(v03.rest.SendMessageRequestSchema, bodyObject(input.body));
  return translateParamsOrThrow(() => rest.sendMessageRequestFromV03(body));
};

// The task id comes from the path; the body's resource `name` only supplies a config id the config lacks.
const decodeCreatePushConfig = (input: RestCallInput) => {
  const body = parseOrThrow(v03.rest.CreatePushConfigBodySchema, bodyObject(input.body));
  const name = body.name ?? v03.rest.pushConfigName(rest.UNKNOWN_TASK_ID, '');
  const config = { name, pushNotificationConfig: body.pushNotificationConfig };
  const translated = translateParamsOrThrow(() => rest.taskPushNotificationConfigFromV03(config));
  return { ...translated, taskId: taskIdOf(input) };
};

/**
 * The A2A 0.3 operations: bodies in 0.3 REST shapes (ProtoJSON of the 0.3 proto) are validated with the
 * `v03.rest` schemas, translated to 1.0 (`translate.rest`; a value 1.0 cannot take is InvalidParams), served by
 * the 1.0 handler and translated back. `historyLength` (and `pageSize`, `pageToken` for push config lists) come
 * from the query; a 0.3 `historyLength` of 0 or less means no limit. The cancel body (`{name}` at most) is not
 * read. Statuses as in 1.0: 201 for a created push config, 200 `{}` for a deletion. ListTasks has no 0.3 REST
 * form (see `V03_ROUTES`), so it has no entry.
 */
export const V03_OPERATIONS: RestOperations = {
  sendMessage: defineOperation(decodeSendMessage, async (handler, request, call) =>
    jsonResult(rest.sendMessageResponseToV03(await handler.sendMessage(request, call))),
  ),
  sendStreamingMessage: defineOperation(decodeSendMessage, async (handler, request, call) =>
    streamResult(await handler.sendStreamingMessage(request, call)),
  ),
  getTask: defineOperation(
    (input) => {
      const { historyLength } = parseOrThrow(
        GetTaskQuerySchema,
        readQueryFields(input.query, { historyLength: 'int32' }),
      );
      const params = { id: taskIdOf(input), ...(historyLength === undefined ? {} : { historyLength }) };
      return translateParamsOrThrow(() => translate.getTaskRequestFromV03(params));
    },
    async (handler, request, call) => jsonResult(rest.taskToV03(await handler.getTask(request, call))),
  ),
  cancelTask: defineOperation(
    (input) => translateParamsOrThrow(() => translate.cancelTaskRequestFromV03({ id: taskIdOf(input) })),
    async (handler, request, call) => jsonResult(rest.taskToV03(await handler.cancelTask(request, call))),
  ),
  subscribeToTask: defineOperation(
    (input) => translateParamsOrThrow(() => translate.subscribeToTaskRequestFromV03({ id: taskIdOf(input) })),
    async (handler, request, call) => streamResult(await handler.subscribeToTask(request, call)),
  ),
  createTaskPushNotificationConfig: defineOperation(decodeCreatePushConfig, async (handler, request, call) =>
    jsonResult(
      rest.taskPushNotificationConfigToV03(await handler.createTaskPushNotificationConfig(request, call)),
      201,
    ),
  ),
  getTaskPushNotificationConfig: defineOperation(
    (input) =>
      translateParamsOrThrow(() =>
        translate.getTaskPushNotificationConfigRequestFromV03({
          id: taskIdOf(input),
          pushNotificationConfigId: configIdOf(input),
        }),
      ),
    async (handler, request, call) =>
      jsonResult(
        rest.taskPushNotificationConfigToV03(await handler.getTaskPushNotificationConfig(request, call)),
      ),
  ),
  listTaskPushNotificationConfigs: defineOperation(
    (input) => {
      const page = readQueryFields(input.query, { pageSize: 'int32', pageToken: 'string' });
      const request = translateParamsOrThrow(() =>
        translate.listTaskPushNotificationConfigsRequestFromV03({ id: taskIdOf(input) }),
      );
      return parseOrThrow(ListTaskPushNotificationConfigsRequestSchema, { ...page, ...request });
    },
    async (handler, request, call) =>
      jsonResult(
        rest.listTaskPushNotificationConfigsResponseToV03(
          await handler.listTaskPushNotificationConfigs(request, call),
        ),
      ),
  ),
  deleteTaskPushNotificationConfig: defineOperation(
    (input) =>
      translateParamsOrThrow(() =>
        translate.deleteTaskPushNotificationConfigRequestFromV03({
          id: taskIdOf(input),
          pushNotificationConfigId: configIdOf(input),
        }),
      ),
    async (handler, request, call) => {
      await handler.deleteTaskPushNotificationConfig(request, call);
      return jsonResult({});
    },
  ),
  getExtendedAgentCard: defineOperation(
    () => ({}),
    async (handler, request, call) =>
      jsonResult(rest.agentCardToV03(await handler.getExtendedAgentCard(request, call))),
  ),
};
