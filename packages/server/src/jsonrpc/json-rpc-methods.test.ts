import { describe, expect, it } from 'vitest';
import { createJsonRpcApp } from './create-json-rpc-app.ts';
import { call } from './test-support/call-app.ts';
import {
  CONTEXT_ID,
  createFakeRequestHandler,
  DIRECT_REPLY,
  DIRECT_REPLY_TEXT,
  EXTENDED_CARD,
  PUSH_CONFIG,
  TASK,
  TASK_ID,
} from './test-support/fake-request-handler.ts';

function setup() {
  const handler = createFakeRequestHandler();
  return { handler, app: createJsonRpcApp({ handler, logger: { error: () => {} } }) };
}

const timestamp = '2026-01-02T03:04:05.000Z';
const userMessageV1 = { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hello' }] };
const userMessageV03 = {
  kind: 'message',
  messageId: 'm1',
  role: 'user',
  parts: [{ kind: 'text', text: 'hello' }],
};
const taskV03 = {
  kind: 'task',
  id: TASK_ID,
  contextId: CONTEXT_ID,
  status: { state: 'completed', timestamp },
  artifacts: [{ artifactId: 'artifact-1', name: 'Outline', parts: [{ kind: 'text', text: '# Tea' }] }],
  history: [
    {
      kind: 'message',
      messageId: 'user-1',
      role: 'user',
      parts: [{ kind: 'text', text: 'Outline tea' }],
      taskId: TASK_ID,
      contextId: CONTEXT_ID,
    },
  ],
};
const pushConfigV03 = {
  taskId: TASK_ID,
  pushNotificationConfig: {
    id: 'config-1',
    url: PUSH_CONFIG.url,
    token: 'token-1',
    authentication: { schemes: ['Bearer'], credentials: 'secret' },
  },
};

// [JSON-RPC method, handler method, params, request the handler must receive, result the caller must get]
const V1_CASES = [
  ['SendMessage', 'sendMessage', { message: userMessageV1 }, { message: userMessageV1 }, { task: TASK }],
  [
    'SendMessage',
    'sendMessage',
    { message: { ...userMessageV1, parts: [{ text: DIRECT_REPLY_TEXT }] } },
    { message: { ...userMessageV1, parts: [{ text: DIRECT_REPLY_TEXT }] } },
    { message: DIRECT_REPLY },
  ],
  ['GetTask', 'getTask', { id: TASK_ID, historyLength: 2 }, { id: TASK_ID, historyLength: 2 }, TASK],
  [
    'ListTasks',
    'listTasks',
    { pageSize: 10, status: 'TASK_STATE_COMPLETED' },
    { pageSize: 10, status: 'TASK_STATE_COMPLETED' },
    { tasks: [TASK], nextPageToken: '', pageSize: 50, totalSize: 1 },
  ],
  [
    'CancelTask',
    'cancelTask',
    { id: TASK_ID, metadata: { reason: 'test' } },
    { id: TASK_ID, metadata: { reason: 'test' } },
    { ...TASK, status: { state: 'TASK_STATE_CANCELED', timestamp } },
  ],
  [
    'CreateTaskPushNotificationConfig',
    'createTaskPushNotificationConfig',
    { taskId: TASK_ID, url: PUSH_CONFIG.url },
    { taskId: TASK_ID, url: PUSH_CONFIG.url },
    { taskId: TASK_ID, url: PUSH_CONFIG.url, id: 'config-1' },
  ],
  [
    'GetTaskPushNotificationConfig',
    'getTaskPushNotificationConfig',
    { taskId: TASK_ID, id: 'config-1' },
    { taskId: TASK_ID, id: 'config-1' },
    PUSH_CONFIG,
  ],
  [
    'ListTaskPushNotificationConfigs',
    'listTaskPushNotificationConfigs',
    { taskId: TASK_ID, pageSize: 5 },
    { taskId: TASK_ID, pageSize: 5 },
    { configs: [PUSH_CONFIG], nextPageToken: '' },
  ],
  [
    'DeleteTaskPushNotificationConfig',
    'deleteTaskPushNotificationConfig',
    { taskId: TASK_ID, id: 'config-1' },
    { taskId: TASK_ID, id: 'config-1' },
    {},
  ],
  ['GetExtendedAgentCard', 'getExtendedAgentCard', undefined, {}, EXTENDED_CARD],
] as const;

const V03_CASES = [
  [
    'message/send',
    'sendMessage',
    { message: userMessageV03, configuration: { blocking: false, historyLength: 3 } },
    { message: userMessageV1, configuration: { historyLength: 3, returnImmediately: true } },
    taskV03,
  ],
  [
    'message/send',
    'sendMessage',
    { message: { ...userMessageV03, parts: [{ kind: 'text', text: DIRECT_REPLY_TEXT }] } },
    { message: { ...userMessageV1, parts: [{ text: DIRECT_REPLY_TEXT }] } },
    {
      kind: 'message',
      messageId: 'reply-1',
      role: 'agent',
      parts: [{ kind: 'text', text: 'Hi' }],
      contextId: CONTEXT_ID,
    },
  ],
  ['tasks/send', 'sendMessage', { message: userMessageV03 }, { message: userMessageV1 }, taskV03],
  ['tasks/get', 'getTask', { id: TASK_ID, historyLength: 2 }, { id: TASK_ID, historyLength: 2 }, taskV03],
  [
    'tasks/cancel',
    'cancelTask',
    { id: TASK_ID, metadata: { reason: 'test' } },
    { id: TASK_ID, metadata: { reason: 'test' } },
    { ...taskV03, status: { state: 'canceled', timestamp } },
  ],
  [
    'tasks/pushNotificationConfig/set',
    'createTaskPushNotificationConfig',
    pushConfigV03,
    PUSH_CONFIG,
    pushConfigV03,
  ],
  [
    'tasks/pushNotification/set',
    'createTaskPushNotificationConfig',
    pushConfigV03,
    PUSH_CONFIG,
    pushConfigV03,
  ],
  [
    'tasks/pushNotificationConfig/get',
    'getTaskPushNotificationConfig',
    { id: TASK_ID, pushNotificationConfigId: 'config-1' },
    { taskId: TASK_ID, id: 'config-1' },
    pushConfigV03,
  ],
  [
    'tasks/pushNotification/get',
    'getTaskPushNotificationConfig',
    { id: TASK_ID },
    { taskId: TASK_ID, id: TASK_ID },
    pushConfigV03,
  ],
  [
    'tasks/pushNotificationConfig/list',
    'listTaskPushNotificationConfigs',
    { id: TASK_ID },
    { taskId: TASK_ID },
    [pushConfigV03],
  ],
  [
    'tasks/pushNotificationConfig/delete',
    'deleteTaskPushNotificationConfig',
    { id: TASK_ID, pushNotificationConfigId: 'config-1' },
    { taskId: TASK_ID, id: 'config-1' },
    null,
  ],
] as const;

describe('A2A 1.0 methods', () => {
  it.each(V1_CASES)('%s reaches %s with the parsed request and answers in 1.0 shape', async (...testCase) => {
    const [method, handlerMethod, params, request, result] = testCase;
    const { app, handler } = setup();
    const reply = await call(app, method, params, { version: '1.0' });
    expect(reply).toEqual({ jsonrpc: '2.0', id: 1, result });
    expect(handler.calls).toHaveLength(1);
    expect(handler.calls[0]?.method).toBe(handlerMethod);
    expect(handler.calls[0]?.request).toEqual(request);
    expect(handler.calls[0]?.call).toMatchObject({ version: '1.0', binding: 'JSONRPC' });
  });

  it('passes the request tenant to the call context', async () => {
    const { app, handler } = setup();
    await call(app, 'GetTask', { id: TASK_ID, tenant: 'acme' }, { version: '1.0' });
    expect(handler.calls[0]?.call.tenant).toBe('acme');
    expect(handler.calls[0]?.request).toEqual({ id: TASK_ID, tenant: 'acme' });
  });

  it('reads snake_case params as ProtoJSON allows', async () => {
    const { app, handler } = setup();
    await call(app, 'GetTask', { id: TASK_ID, history_length: 4 }, { version: '1.0' });
    expect(handler.calls[0]?.request).toEqual({ id: TASK_ID, historyLength: 4 });
  });
});

describe('A2A 0.3 methods and draft aliases', () => {
  it.each(V03_CASES)(
    '%s reaches %s with params translated to 1.0 and answers in 0.3 shape',
    async (...testCase) => {
      const [method, handlerMethod, params, request, result] = testCase;
      const { app, handler } = setup();
      const reply = await call(app, method, params);
      expect(reply).toEqual({ jsonrpc: '2.0', id: 1, result });
      expect(handler.calls).toHaveLength(1);
      expect(handler.calls[0]?.method).toBe(handlerMethod);
      expect(handler.calls[0]?.request).toEqual(request);
      expect(handler.calls[0]?.call).toMatchObject({ version: '0.3', binding: 'JSONRPC' });
      expect(handler.calls[0]?.call.tenant).toBeUndefined();
    },
  );

  it('agent/getAuthenticatedExtendedCard answers the card as a 0.3 card', async () => {
    const { app, handler } = setup();
    const reply = await call(app, 'agent/getAuthenticatedExtendedCard');
    expect(handler.calls[0]?.method).toBe('getExtendedAgentCard');
    expect(reply.result).toMatchObject({
      protocolVersion: '0.3.0',
      name: 'Fake agent',
      url: 'http://127.0.0.1/rpc',
      preferredTransport: 'JSONRPC',
      supportsAuthenticatedExtendedCard: true,
      capabilities: { streaming: true, pushNotifications: true },
    });
    expect(reply.result).not.toHaveProperty('supportedInterfaces');
  });
});
