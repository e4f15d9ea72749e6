/**
 * Requests built with Baton for each (version, binding): every request object goes through Baton's schemas (so it
 * is in Baton's canonical output form) and is then placed in a JSON-RPC envelope or a REST path, query and body.
 */
import {
  CancelTaskRequestSchema,
  createId,
  createJsonRpcRequest,
  DeleteTaskPushNotificationConfigRequestSchema,
  GetExtendedAgentCardRequestSchema,
  GetTaskPushNotificationConfigRequestSchema,
  GetTaskRequestSchema,
  ListTaskPushNotificationConfigsRequestSchema,
  ListTasksRequestSchema,
  SendMessageRequestSchema,
  SubscribeToTaskRequestSchema,
  TaskPushNotificationConfigSchema,
} from '../../src/index.ts';
import * as v03 from '../../src/v03/index.ts';
import { type Binding, REST_BASE, RPC_PATH, type Version } from './schema-table.ts';
import { FILE_BYTES, FILE_URL, WEBHOOK_URL } from './sdk-server.ts';

export interface HttpCall {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  readonly body?: unknown;
}

/** How one (version, binding) turns Baton-built request objects into HTTP calls. */
export interface Variant {
  readonly version: Version;
  readonly binding: Binding;
  send(scenario: string, returnImmediately?: boolean): HttpCall;
  stream(scenario: string): HttpCall;
  getTask(id: string): HttpCall;
  listTasks?(): HttpCall;
  cancel(id: string): HttpCall;
  subscribe(id: string): HttpCall;
  createConfig(taskId: string): HttpCall;
  getConfig(taskId: string): HttpCall;
  listConfigs(taskId: string): HttpCall;
  deleteConfig(taskId: string): HttpCall;
  extendedCard(): HttpCall;
}

export const CONFIG_ID = 'baton-config';
const auth = { credentials: 'webhook-secret' };
let rpcId = 0;
const rpc = (method: string, params?: Record<string, unknown>): HttpCall => ({
  method: 'POST',
  path: RPC_PATH,
  body: createJsonRpcRequest(method, params, ++rpcId),
});
const rest = (method: HttpCall['method'], path: string, body?: unknown): HttpCall => ({
  method,
  path: `${REST_BASE}${path}`,
  ...(body === undefined ? {} : { body }),
});
const query = (params: Record<string, unknown>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`;

/** 1.0 requests, parsed through Baton's 1.0 schemas. */
const v1 = {
  send: (scenario: string, returnImmediately = false) =>
    SendMessageRequestSchema.parse({
      message: {
        messageId: createId(),
        role: 'ROLE_USER',
        parts: [
          { text: scenario },
          { data: { topic: 'tea' } },
          { raw: FILE_BYTES, filename: 'hello.txt', mediaType: 'text/plain' },
          { url: FILE_URL, filename: 'report.pdf', mediaType: 'application/pdf' },
        ],
        metadata: { origin: 'baton' },
      },
      configuration: { acceptedOutputModes: ['text/plain'], historyLength: 5, returnImmediately },
    }),
  getTask: (id: string) => GetTaskRequestSchema.parse({ id, historyLength: 1 }),
  listTasks: () => ListTasksRequestSchema.parse({ pageSize: 10, includeArtifacts: true }),
  cancel: (id: string) => CancelTaskRequestSchema.parse({ id, metadata: { reason: 'test' } }),
  subscribe: (id: string) => SubscribeToTaskRequestSchema.parse({ id }),
  configRef: (taskId: string) => GetTaskPushNotificationConfigRequestSchema.parse({ taskId, id: CONFIG_ID }),
  listConfigs: (taskId: string) =>
    ListTaskPushNotificationConfigsRequestSchema.parse({ taskId, pageSize: 10 }),
  deleteConfig: (taskId: string) =>
    DeleteTaskPushNotificationConfigRequestSchema.parse({ taskId, id: CONFIG_ID }),
  config: (taskId: string) =>
    TaskPushNotificationConfigSchema.parse({
      taskId,
      id: CONFIG_ID,
      url: WEBHOOK_URL,
      token: 'webhook-token',
      authentication: { scheme: 'Bearer', ...auth },
    }),
};

/** 0.3 messages: JSON-RPC (types.ts) shape and REST (0.3 ProtoJSON) shape, parsed through Baton's 0.3 schemas. */
const v03Message = (scenario: string) => ({
  kind: 'message',
  messageId: createId(),
  role: 'user',
  parts: [
    { kind: 'text', text: scenario },
    { kind: 'data', data: { topic: 'tea' } },
    { kind: 'file', file: { bytes: FILE_BYTES, name: 'hello.txt', mimeType: 'text/plain' } },
    { kind: 'file', file: { uri: FILE_URL, name: 'report.pdf', mimeType: 'application/pdf' } },
  ],
});
const v03RestMessage = (scenario: string) => ({
  messageId: createId(),
  role: 'ROLE_USER',
  content: [
    { text: scenario },
    { data: { data: { topic: 'tea' } } },
    { file: { fileWithBytes: FILE_BYTES, mimeType: 'text/plain' } },
    { file: { fileWithUri: FILE_URL, mimeType: 'application/pdf' } },
  ],
});
const v03Config = {
  id: CONFIG_ID,
  url: WEBHOOK_URL,
  token: 'webhook-token',
  authentication: { schemes: ['Bearer'], ...auth },
};
const configuration = (returnImmediately: boolean) => ({
  acceptedOutputModes: ['text/plain'],
  historyLength: 5,
  blocking: !returnImmediately,
});

const PUSH = (taskId: string) => `/tasks/${taskId}/pushNotificationConfigs`;

export const VARIANTS: readonly Variant[] = [
  {
    version: '1.0',
    binding: 'JSONRPC',
    send: (scenario, now) => rpc('SendMessage', v1.send(scenario, now)),
    stream: (scenario) => rpc('SendStreamingMessage', v1.send(scenario)),
    getTask: (id) => rpc('GetTask', v1.getTask(id)),
    listTasks: () => rpc('ListTasks', v1.listTasks()),
    cancel: (id) => rpc('CancelTask', v1.cancel(id)),
    subscribe: (id) => rpc('SubscribeToTask', v1.subscribe(id)),
    createConfig: (taskId) => rpc('CreateTaskPushNotificationConfig', v1.config(taskId)),
    getConfig: (taskId) => rpc('GetTaskPushNotificationConfig', v1.configRef(taskId)),
    listConfigs: (taskId) => rpc('ListTaskPushNotificationConfigs', v1.listConfigs(taskId)),
    deleteConfig: (taskId) => rpc('DeleteTaskPushNotificationConfig', v1.deleteConfig(taskId)),
    extendedCard: () => rpc('GetExtendedAgentCard', GetExtendedAgentCardRequestSchema.parse({})),
  },
  {
    version: '1.0',
    binding: 'HTTP+JSON',
    send: (scenario, now) => rest('POST', '/message:send', v1.send(scenario, now)),
    stream: (scenario) => rest('POST', '/message:stream', v1.send(scenario)),
    getTask: (id) => {
      const { id: taskId, ...params } = v1.getTask(id);
      return rest('GET', `/tasks/${taskId}${query(params)}`);
    },
    listTasks: () => rest('GET', `/tasks${query(v1.listTasks())}`),
    cancel: (id) => {
      const { id: taskId, ...body } = v1.cancel(id);
      return rest('POST', `/tasks/${taskId}:cancel`, body);
    },
    subscribe: (id) => rest('POST', `/tasks/${v1.subscribe(id).id}:subscribe`),
    createConfig: (taskId) => rest('POST', PUSH(taskId), v1.config(taskId)),
    getConfig: (taskId) => {
      const { taskId: task, id } = v1.configRef(taskId);
      return rest('GET', `${PUSH(task)}/${id}`);
    },
    listConfigs: (taskId) => {
      const { taskId: task, ...params } = v1.listConfigs(taskId);
      return rest('GET', `${PUSH(task)}${query(params)}`);
    },
    deleteConfig: (taskId) => {
      const { taskId: task, id } = v1.deleteConfig(taskId);
      return rest('DELETE', `${PUSH(task)}/${id}`);
    },
    extendedCard: () => rest('GET', '/extendedAgentCard'),
  },
  {
    version: '0.3',
    binding: 'JSONRPC',
    send: (scenario, now = false) =>
      rpc(
        'message/send',
        v03.MessageSendParamsSchema.parse({
          message: v03Message(scenario),
          configuration: configuration(now),
        }),
      ),
    stream: (scenario) =>
      rpc('message/stream', v03.MessageSendParamsSchema.parse({ message: v03Message(scenario) })),
    getTask: (id) => rpc('tasks/get', v03.TaskQueryParamsSchema.parse({ id, historyLength: 1 })),
    cancel: (id) => rpc('tasks/cancel', v03.TaskIdParamsSchema.parse({ id })),
    subscribe: (id) => rpc('tasks/resubscribe', v03.TaskIdParamsSchema.parse({ id })),
    createConfig: (taskId) =>
      rpc(
        'tasks/pushNotificationConfig/set',
        v03.TaskPushNotificationConfigSchema.parse({ taskId, pushNotificationConfig: v03Config }),
      ),
    getConfig: (id) =>
      rpc(
        'tasks/pushNotificationConfig/get',
        v03.GetTaskPushNotificationConfigParamsSchema.parse({ id, pushNotificationConfigId: CONFIG_ID }),
      ),
    listConfigs: (id) =>
      rpc('tasks/pushNotificationConfig/list', v03.ListTaskPushNotificationConfigParamsSchema.parse({ id })),
    deleteConfig: (id) =>
      rpc(
        'tasks/pushNotificationConfig/delete',
        v03.DeleteTaskPushNotificationConfigParamsSchema.parse({ id, pushNotificationConfigId: CONFIG_ID }),
      ),
    extendedCard: () => rpc('agent/getAuthenticatedExtendedCard'),
  },
  {
    version: '0.3',
    binding: 'HTTP+JSON',
    send: (scenario, now = false) =>
      rest(
        'POST',
        '/v1/message:send',
        v03.rest.SendMessageRequestSchema.parse({
          message: v03RestMessage(scenario),
          configuration: configuration(now),
        }),
      ),
    stream: (scenario) =>
      rest(
        'POST',
        '/v1/message:stream',
        v03.rest.SendMessageRequestSchema.parse({ message: v03RestMessage(scenario) }),
      ),
    getTask: (id) => rest('GET', `/v1/tasks/${id}?historyLength=1`),
    cancel: (id) => rest('POST', `/v1/tasks/${id}:cancel`),
    subscribe: (id) => rest('GET', `/v1/tasks/${id}:subscribe`),
    createConfig: (taskId) =>
      rest(
        'POST',
        `/v1${PUSH(taskId)}`,
        v03.rest.CreatePushConfigBodySchema.parse({
          name: v03.rest.pushConfigName(taskId, CONFIG_ID),
          pushNotificationConfig: v03Config,
        }),
      ),
    getConfig: (taskId) => rest('GET', `/v1${PUSH(taskId)}/${CONFIG_ID}`),
    listConfigs: (taskId) => rest('GET', `/v1${PUSH(taskId)}`),
    deleteConfig: (taskId) => rest('DELETE', `/v1${PUSH(taskId)}/${CONFIG_ID}`),
    extendedCard: () => rest('GET', '/v1/card'),
  },
];
