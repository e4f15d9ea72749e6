import {
  CancelTaskRequestSchema,
  DeleteTaskPushNotificationConfigRequestSchema,
  GetExtendedAgentCardRequestSchema,
  GetTaskPushNotificationConfigRequestSchema,
  GetTaskRequestSchema,
  ListTaskPushNotificationConfigsRequestSchema,
  ListTasksRequestSchema,
  parseOrThrow,
  SendMessageRequestSchema,
  SubscribeToTaskRequestSchema,
  TaskPushNotificationConfigSchema,
} from '@baton/protocol';
import { type QueryFields, readQueryFields } from './query-fields.ts';
import {
  bodyObject,
  defineOperation,
  jsonResult,
  type RestCallInput,
  type RestOperations,
  streamResult,
  withPathFields,
} from './rest-operation.ts';

const TENANT_QUERY: QueryFields = { tenant: 'string' };

/** `ListTasksRequest` in the query string (spec §11.5); ISO timestamps are checked by the schema. */
const LIST_TASKS_QUERY: QueryFields = {
  tenant: 'string',
  contextId: 'string',
  status: 'enum',
  pageSize: 'int32',
  pageToken: 'string',
  historyLength: 'int32',
  statusTimestampAfter: 'string',
  includeArtifacts: 'boolean',
};

// A body route's request: the body's fields, the path's over them.
function fromBody(input: RestCallInput, path: Readonly<Record<string, string | undefined>> = {}) {
  return withPathFields(bodyObject(input.body), { ...path, tenant: input.tenant });
}

// A bodiless route's request: the query's fields, the path's over them.
function fromQuery(
  input: RestCallInput,
  query: QueryFields,
  path: Readonly<Record<string, string | undefined>>,
) {
  return withPathFields(readQueryFields(input.query, query), { ...path, tenant: input.tenant });
}

const decodeSendMessage = (input: RestCallInput) => parseOrThrow(SendMessageRequestSchema, fromBody(input));

/**
 * The A2A 1.0 operations: requests are read from the path, the query (GET, DELETE) or the JSON body (POST),
 * validated with the 1.0 schemas (InvalidParams naming the field), and answered with the handler's 1.0 result.
 * Push config creation answers 201 (as a2a-js); deletion answers 200 with `{}`, the ProtoJSON of
 * `google.protobuf.Empty` (as gRPC transcoding and a2a-python do).
 */
export const V1_OPERATIONS: RestOperations = {
  sendMessage: defineOperation(decodeSendMessage, async (handler, request, call) =>
    jsonResult(await handler.sendMessage(request, call)),
  ),
  sendStreamingMessage: defineOperation(decodeSendMessage, async (handler, request, call) =>
    streamResult(await handler.sendStreamingMessage(request, call)),
  ),
  getTask: defineOperation(
    (input) =>
      parseOrThrow(
        GetTaskRequestSchema,
        fromQuery(
          input,
          { tenant: 'string', historyLength: 'int32', currentGeneration: 'int32' },
          { id: input.params.taskId },
        ),
      ),
    async (handler, request, call) => jsonResult(await handler.getTask(request, call)),
  ),
  listTasks: defineOperation(
    (input) => parseOrThrow(ListTasksRequestSchema, fromQuery(input, LIST_TASKS_QUERY, {})),
    async (handler, request, call) => jsonResult(await handler.listTasks(request, call)),
  ),
  cancelTask: defineOperation(
    (input) => parseOrThrow(CancelTaskRequestSchema, fromBody(input, { id: input.params.taskId })),
    async (handler, request, call) => jsonResult(await handler.cancelTask(request, call)),
  ),
  subscribeToTask: defineOperation(
    (input) => parseOrThrow(SubscribeToTaskRequestSchema, fromBody(input, { id: input.params.taskId })),
    async (handler, request, call) => streamResult(await handler.subscribeToTask(request, call)),
  ),
  createTaskPushNotificationConfig: defineOperation(
    (input) =>
      parseOrThrow(TaskPushNotificationConfigSchema, fromBody(input, { taskId: input.params.taskId })),
    async (handler, request, call) =>
      jsonResult(await handler.createTaskPushNotificationConfig(request, call), 201),
  ),
  getTaskPushNotificationConfig: defineOperation(
    (input) =>
      parseOrThrow(
        GetTaskPushNotificationConfigRequestSchema,
        fromQuery(input, TENANT_QUERY, { taskId: input.params.taskId, id: input.params.configId }),
      ),
    async (handler, request, call) => jsonResult(await handler.getTaskPushNotificationConfig(request, call)),
  ),
  listTaskPushNotificationConfigs: defineOperation(
    (input) =>
      parseOrThrow(
        ListTaskPushNotificationConfigsRequestSchema,
        fromQuery(
          input,
          { tenant: 'string', pageSize: 'int32', pageToken: 'string' },
          { taskId: input.params.taskId },
        ),
      ),
    async (handler, request, call) =>
      jsonResult(await handler.listTaskPushNotificationConfigs(request, call)),
  ),
  deleteTaskPushNotificationConfig: defineOperation(
    (input) =>
      parseOrThrow(
        DeleteTaskPushNotificationConfigRequestSchema,
        fromQuery(input, TENANT_QUERY, { taskId: input.params.taskId, id: input.params.configId }),
      ),
    async (handler, request, call) => {
      await handler.deleteTaskPushNotificationConfig(request, call);
      return jsonResult({});
    },
  ),
  getExtendedAgentCard: defineOperation(
    (input) => parseOrThrow(GetExtendedAgentCardRequestSchema, fromQuery(input, TENANT_QUERY, {})),
    async (handler, request, call) => jsonResult(await handler.getExtendedAgentCard(request, call)),
  ),
};
