import {
  AgentCardSchema,
  ListTaskPushNotificationConfigsResponseSchema,
  ListTasksResponseSchema,
  parseOrThrow,
  SendMessageResponseSchema,
  StreamResponseSchema,
  TaskPushNotificationConfigSchema,
  TaskSchema,
  translate,
} from '@baton/protocol';
import * as v03 from '@baton/protocol/v03';
import type { OperationCodecs } from './operation-codec.ts';

/** A JSON-RPC request before its envelope: method and params. */
export interface JsonRpcWire {
  readonly method: string;
  readonly params?: unknown;
}

/** Accepts what peers send for an Empty result: `null`, `{}` or nothing at all. */
export function decodeEmpty(raw: unknown): void {
  if (raw === null || raw === undefined || (typeof raw === 'object' && !Array.isArray(raw))) return;
  throw new Error(`expected an empty result, got ${JSON.stringify(raw)}`);
}

const task = (raw: unknown) => parseOrThrow(TaskSchema, raw);
const pushConfig = (raw: unknown) => parseOrThrow(TaskPushNotificationConfigSchema, raw);

/** A2A 1.0 JSON-RPC: PascalCase methods, params and results as ProtoJSON. */
export const JSON_RPC_V1_CODECS: OperationCodecs<JsonRpcWire> = {
  sendMessage: {
    encode: (params) => ({ method: 'SendMessage', params }),
    decode: (raw) => parseOrThrow(SendMessageResponseSchema, raw),
  },
  sendStreamingMessage: {
    encode: (params) => ({ method: 'SendStreamingMessage', params }),
    decode: (raw) => parseOrThrow(StreamResponseSchema, raw),
  },
  getTask: { encode: (params) => ({ method: 'GetTask', params }), decode: task },
  listTasks: {
    encode: (params) => ({ method: 'ListTasks', params }),
    decode: (raw) => parseOrThrow(ListTasksResponseSchema, raw),
  },
  cancelTask: { encode: (params) => ({ method: 'CancelTask', params }), decode: task },
  subscribeToTask: {
    encode: (params) => ({ method: 'SubscribeToTask', params }),
    decode: (raw) => parseOrThrow(StreamResponseSchema, raw),
  },
  createTaskPushNotificationConfig: {
    encode: (params) => ({ method: 'CreateTaskPushNotificationConfig', params }),
    decode: pushConfig,
  },
  getTaskPushNotificationConfig: {
    encode: (params) => ({ method: 'GetTaskPushNotificationConfig', params }),
    decode: pushConfig,
  },
  listTaskPushNotificationConfigs: {
    encode: (params) => ({ method: 'ListTaskPushNotificationConfigs', params }),
    decode: (raw) => parseOrThrow(ListTaskPushNotificationConfigsResponseSchema, raw),
  },
  deleteTaskPushNotificationConfig: {
    encode: (params) => ({ method: 'DeleteTaskPushNotificationConfig', params }),
    decode: decodeEmpty,
    resultMayBeMissing: true,
  },
  getExtendedAgentCard: {
    encode: (params) => ({ method: 'GetExtendedAgentCard', params }),
    decode: (raw) => parseOrThrow(AgentCardSchema, raw),
  },
};

const taskV03 = (raw: unknown) => translate.taskFromV03(parseOrThrow(v03.TaskSchema, raw));
const pushConfigV03 = (raw: unknown) =>
  translate.taskPushNotificationConfigFromV03(parseOrThrow(v03.TaskPushNotificationConfigSchema, raw));
const streamEventV03 = (raw: unknown) =>
  translate.streamResponseFromV03(parseOrThrow(v03.StreamEventSchema, raw));

/** A2A 0.3 JSON-RPC: `category/action` methods, requests and results translated from and to the 0.3 shapes. */
export const JSON_RPC_V03_CODECS: OperationCodecs<JsonRpcWire> = {
  sendMessage: {
    encode: (request) => ({ method: 'message/send', params: translate.sendMessageRequestToV03(request) }),
    decode: (raw) => translate.sendMessageResponseFromV03(parseOrThrow(v03.SendMessageResultSchema, raw)),
  },
  sendStreamingMessage: {
    encode: (request) => ({ method: 'message/stream', params: translate.sendMessageRequestToV03(request) }),
    decode: streamEventV03,
  },
  getTask: {
    encode: (request) => ({ method: 'tasks/get', params: translate.getTaskRequestToV03(request) }),
    decode: taskV03,
  },
  cancelTask: {
    encode: (request) => ({ method: 'tasks/cancel', params: translate.cancelTaskRequestToV03(request) }),
    decode: taskV03,
  },
  subscribeToTask: {
    encode: (request) => ({
      method: 'tasks/resubscribe',
      params: translate.subscribeToTaskRequestToV03(request),
    }),
    decode: streamEventV03,
  },
  createTaskPushNotificationConfig: {
    encode: (request) => ({
      method: 'tasks/pushNotificationConfig/set',
      params: translate.taskPushNotificationConfigToV03(request),
    }),
    decode: pushConfigV03,
  },
  getTaskPushNotificationConfig: {
    encode: (request) => ({
      method: 'tasks/pushNotificationConfig/get',
      params: translate.getTaskPushNotificationConfigRequestToV03(request),
    }),
    decode: pushConfigV03,
  },
  listTaskPushNotificationConfigs: {
    encode: (request) => ({
      method: 'tasks/pushNotificationConfig/list',
      params: translate.listTaskPushNotificationConfigsRequestToV03(request),
    }),
    decode: (raw) =>
      translate.listTaskPushNotificationConfigsResponseFromV03(
        parseOrThrow(v03.TaskPushNotificationConfigListSchema, raw),
      ),
  },
  deleteTaskPushNotificationConfig: {
    encode: (request) => ({
      method: 'tasks/pushNotificationConfig/delete',
      params: translate.deleteTaskPushNotificationConfigRequestToV03(request),
    }),
    decode: decodeEmpty,
    resultMayBeMissing: true,
  },
  getExtendedAgentCard: {
    encode: () => ({ method: 'agent/getAuthenticatedExtendedCard' }),
    decode: (raw) => translate.agentCardFromV03(parseOrThrow(v03.AgentCardSchema, raw)),
  },
};
