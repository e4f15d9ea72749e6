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
import { decodeEmpty } from './json-rpc-codecs.ts';
import type { OperationCodecs } from './operation-codec.ts';

/** An HTTP+JSON request before its base URL, tenant and headers: method, path, query and body. */
export interface RestWire {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly body?: unknown;
}

const seg = encodeURIComponent;
const withoutKeys = <T extends object>(value: T, ...keys: readonly string[]) =>
  Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));

const task = (raw: unknown) => parseOrThrow(TaskSchema, raw);
const pushConfig = (raw: unknown) => parseOrThrow(TaskPushNotificationConfigSchema, raw);
const configPath = (taskId: string, id?: string) =>
  `/tasks/${seg(taskId)}/pushNotificationConfigs${id === undefined ? '' : `/${seg(id)}`}`;

/** A2A 1.0 HTTP+JSON (spec §11.3): routes at the interface URL, bodies and results as ProtoJSON. */
export const REST_V1_CODECS: OperationCodecs<RestWire> = {
  sendMessage: {
    encode: (request) => ({ method: 'POST', path: '/message:send', body: request }),
    decode: (raw) => parseOrThrow(SendMessageResponseSchema, raw),
  },
  sendStreamingMessage: {
    encode: (request) => ({ method: 'POST', path: '/message:stream', body: request }),
    decode: (raw) => parseOrThrow(StreamResponseSchema, raw),
  },
  getTask: {
    encode: (request) => ({
      method: 'GET',
      path: `/tasks/${seg(request.id)}`,
      query: { historyLength: request.historyLength },
    }),
    decode: task,
  },
  listTasks: {
    encode: (request) => ({ method: 'GET', path: '/tasks', query: { ...request } }),
    decode: (raw) => parseOrThrow(ListTasksResponseSchema, raw),
  },
  cancelTask: {
    encode: (request) => ({
      method: 'POST',
      path: `/tasks/${seg(request.id)}:cancel`,
      body: withoutKeys(request, 'id'),
    }),
    decode: task,
  },
  subscribeToTask: {
    encode: (request) => ({ method: 'POST', path: `/tasks/${seg(request.id)}:subscribe` }),
    decode: (raw) => parseOrThrow(StreamResponseSchema, raw),
  },
  createTaskPushNotificationConfig: {
    encode: (config) => ({ method: 'POST', path: configPath(config.taskId ?? ''), body: config }),
    decode: pushConfig,
  },
  getTaskPushNotificationConfig: {
    encode: (request) => ({ method: 'GET', path: configPath(request.taskId, request.id) }),
    decode: pushConfig,
  },
  listTaskPushNotificationConfigs: {
    encode: (request) => ({
      method: 'GET',
      path: configPath(request.taskId),
      query: { pageSize: request.pageSize, pageToken: request.pageToken },
    }),
    decode: (raw) => parseOrThrow(ListTaskPushNotificationConfigsResponseSchema, raw),
  },
  deleteTaskPushNotificationConfig: {
    encode: (request) => ({ method: 'DELETE', path: configPath(request.taskId, request.id) }),
    decode: decodeEmpty,
  },
  getExtendedAgentCard: {
    encode: () => ({ method: 'GET', path: '/extendedAgentCard' }),
    decode: (raw) => parseOrThrow(AgentCardSchema, raw),
  },
};

const rest = translate.rest;
const taskV03 = (raw: unknown) => rest.taskFromV03(parseOrThrow(v03.rest.TaskSchema, raw));
const pushConfigV03 = (raw: unknown) =>
  rest.taskPushNotificationConfigFromV03(parseOrThrow(v03.rest.TaskPushNotificationConfigSchema, raw));
const streamEventV03 = (raw: unknown) =>
  rest.streamResponseFromV03(parseOrThrow(v03.rest.StreamResponseSchema, raw));

/** A2A 0.3 HTTP+JSON: routes under `/v1`, bodies in the 0.3 proto's ProtoJSON, translated with `translate.rest`. */
export const REST_V03_CODECS: OperationCodecs<RestWire> = {
  sendMessage: {
    encode: (request) => ({
      method: 'POST',
      path: '/v1/message:send',
      body: rest.sendMessageRequestToV03(request),
    }),
    decode: (raw) => rest.sendMessageResponseFromV03(parseOrThrow(v03.rest.SendMessageResponseSchema, raw)),
  },
  sendStreamingMessage: {
    encode: (request) => ({
      method: 'POST',
      path: '/v1/message:stream',
      body: rest.sendMessageRequestToV03(request),
    }),
    decode: streamEventV03,
  },
  getTask: {
    encode: (request) => ({
      method: 'GET',
      path: `/v1/tasks/${seg(request.id)}`,
      query: { historyLength: translate.getTaskRequestToV03(request).historyLength },
    }),
    decode: taskV03,
  },
  cancelTask: {
    encode: (request) => ({
      method: 'POST',
      path: `/v1/tasks/${seg(request.id)}:cancel`,
      body: { name: `tasks/${request.id}` },
    }),
    decode: taskV03,
  },
  subscribeToTask: {
    encode: (request) => ({ method: 'POST', path: `/v1/tasks/${seg(request.id)}:subscribe` }),
    decode: streamEventV03,
  },
  createTaskPushNotificationConfig: {
    encode: (config) => ({
      method: 'POST',
      path: `/v1${configPath(config.taskId ?? '')}`,
      body: rest.taskPushNotificationConfigToV03(config),
    }),
    decode: pushConfigV03,
  },
  getTaskPushNotificationConfig: {
    encode: (request) => ({ method: 'GET', path: `/v1${configPath(request.taskId, request.id)}` }),
    decode: pushConfigV03,
  },
  listTaskPushNotificationConfigs: {
    encode: (request) => ({
      method: 'GET',
      path: `/v1${configPath(request.taskId)}`,
      query: { pageSize: request.pageSize, pageToken: request.pageToken },
    }),
    decode: (raw) =>
      // a2a-js answers with a bare array, the 0.3 proto with `{configs, nextPageToken}`.
      rest.listTaskPushNotificationConfigsResponseFromV03(
        parseOrThrow(
          v03.rest.ListTaskPushNotificationConfigResponseSchema,
          Array.isArray(raw) ? { configs: raw } : raw,
        ),
      ),
  },
  deleteTaskPushNotificationConfig: {
    encode: (request) => ({ method: 'DELETE', path: `/v1${configPath(request.taskId, request.id)}` }),
    decode: decodeEmpty,
  },
  getExtendedAgentCard: {
    encode: () => ({ method: 'GET', path: '/v1/card' }),
    decode: (raw) => {
      const restCard = v03.rest.AgentCardSchema.safeParse(raw);
      if (restCard.success) return rest.agentCardFromV03(restCard.data);
      return translate.agentCardFromV03(parseOrThrow(v03.AgentCardSchema, raw));
    },
  },
};
