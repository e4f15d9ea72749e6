import { describe, expect, it } from 'vitest';
import { BASE, createTestApp, onlyCall, postJson } from './testing/rest-test-app.ts';

// The fake's task-1 as a 0.3 REST body: message parts under `content`, no `kind`.
const TASK_V03 = {
  id: 'task-1',
  contextId: 'ctx-1',
  status: { state: 'TASK_STATE_WORKING', timestamp: '2026-01-02T03:04:05.000Z' },
  history: [
    {
      messageId: 'm-1',
      role: 'ROLE_USER',
      content: [{ text: 'hello' }],
      contextId: 'ctx-1',
      taskId: 'task-1',
    },
  ],
  artifacts: [{ artifactId: 'a-1', parts: [{ text: 'result' }] }],
};

const PUSH_CONFIG_V03 = {
  name: 'tasks/task-1/pushNotificationConfigs/cfg-1',
  pushNotificationConfig: {
    id: 'cfg-1',
    url: 'https://client.example/hook',
    token: 'tok',
    authentication: { schemes: ['Bearer'], credentials: 'secret' },
  },
};

describe('0.3 routes (no A2A-Version header)', () => {
  it('translates a 0.3 message:send body to the 1.0 request and the task back to 0.3', async () => {
    const { app, calls } = createTestApp();
    const response = await app.request(
      `${BASE}/v1/message:send`,
      postJson({
        message: { messageId: 'm-2', role: 'ROLE_USER', content: [{ text: 'hi' }], contextId: 'ctx-1' },
        configuration: {
          blocking: false,
          historyLength: 3,
          pushNotification: { url: 'https://h', authentication: { schemes: ['Bearer'], credentials: 'c' } },
        },
        metadata: { k: 'v' },
      }),
    );

    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(await response.json()).toEqual({ task: TASK_V03 });
    const call = onlyCall(calls);
    expect(call.method).toBe('sendMessage');
    expect(call.request).toEqual({
      message: { messageId: 'm-2', role: 'ROLE_USER', parts: [{ text: 'hi' }], contextId: 'ctx-1' },
      configuration: {
        returnImmediately: true,
        historyLength: 3,
        taskPushNotificationConfig: {
          url: 'https://h',
          authentication: { scheme: 'Bearer', credentials: 'c' },
        },
      },
      metadata: { k: 'v' },
    });
    expect(call.call.version).toBe('0.3');
    expect(call.call.tenant).toBeUndefined();
  });

  it('routes message:stream to the streaming handler method with the translated request', async () => {
    const { app, calls } = createTestApp();
    const response = await app.request(
      `${BASE}/v1/message:stream`,
      postJson({ message: { messageId: 'm-2', role: 'ROLE_USER', content: [{ text: 'hi' }] } }),
    );
    expect(response.headers.get('Content-Type')).toBe('text/event-stream');
    expect(onlyCall(calls).method).toBe('sendStreamingMessage');
    // No `blocking` is the proto3 default, false: non-blocking (irrelevant to a stream, but translated as sent).
    expect(onlyCall(calls).request).toEqual({
      message: { messageId: 'm-2', role: 'ROLE_USER', parts: [{ text: 'hi' }] },
      configuration: { returnImmediately: true },
    });
  });

  it.each([
    { query: '', request: { id: 'task-1' } },
    { query: '?historyLength=4', request: { id: 'task-1', historyLength: 4 } },
    { query: '?history_length=4', request: { id: 'task-1', historyLength: 4 } },
    { query: '?historyLength=0', request: { id: 'task-1' } },
    { query: '?historyLength=-1', request: { id: 'task-1' } },
  ])('reads GET /v1/tasks/{id}$query as $request (0 or less: no limit)', async ({ query, request }) => {
    const { app, calls } = createTestApp();
    const response = await app.request(`${BASE}/v1/tasks/task-1${query}`);
    expect(await response.json()).toEqual(TASK_V03);
    expect(onlyCall(calls).request).toEqual(request);
  });

  it('cancels and answers the 0.3 task with TASK_STATE_CANCELLED', async () => {
    const { app, calls } = createTestApp();
    const response = await app.request(`${BASE}/v1/tasks/task-1:cancel`, postJson({ name: 'tasks/task-1' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ...TASK_V03, status: { state: 'TASK_STATE_CANCELLED' } });
    expect(onlyCall(calls).request).toEqual({ id: 'task-1' });
  });

  it.each(['GET', 'POST'])('subscribes with %s /v1/tasks/{id}:subscribe', async (method) => {
    const { app, calls } = createTestApp();
    const response = await app.request(`${BASE}/v1/tasks/task-1:subscribe`, { method });
    expect(response.headers.get('Content-Type')).toBe('text/event-stream');
    expect(onlyCall(calls).method).toBe('subscribeToTask');
    expect(onlyCall(calls).request).toEqual({ id: 'task-1' });
  });

  it('creates a push config from the 0.3 resource form and answers it in that form with 201', async () => {
    const { app, calls } = createTestApp();
    const response = await app.request(
      `${BASE}/v1/tasks/task-1/pushNotificationConfigs`,
      postJson({
        name: 'tasks/task-1/pushNotificationConfigs/cfg-9',
        pushNotificationConfig: { url: 'https://h', token: 't', authentication: { schemes: ['Basic'] } },
      }),
    );
    expect(response.status).toBe(201);
    expect(onlyCall(calls).request).toEqual({
      taskId: 'task-1',
      id: 'cfg-9',
      url: 'https://h',
      token: 't',
      authentication: { scheme: 'Basic' },
    });
    expect(await response.json()).toEqual({
      name: 'tasks/task-1/pushNotificationConfigs/cfg-9',
      pushNotificationConfig: {
        id: 'cfg-9',
        url: 'https://h',
        token: 't',
        authentication: { schemes: ['Basic'] },
      },
    });
  });

  it("reads a2a-python's {parent, configId, config} creation body and takes the task from the path", async () => {
    const { app, calls } = createTestApp();
    await app.request(
      `${BASE}/v1/tasks/task-1/pushNotificationConfigs`,
      postJson({
        parent: 'tasks/task-1',
        configId: 'cfg-7',
        config: {
          name: 'tasks/other/pushNotificationConfigs/',
          pushNotificationConfig: { url: 'https://h' },
        },
      }),
    );
    expect(onlyCall(calls).request).toEqual({ taskId: 'task-1', id: 'cfg-7', url: 'https://h' });
  });

  it('gets, lists and deletes push configs in 0.3 shapes', async () => {
    const { app, calls } = createTestApp();
    const got = await app.request(`${BASE}/v1/tasks/task-1/pushNotificationConfigs/cfg-1`);
    const listed = await app.request(
      `${BASE}/v1/tasks/task-1/pushNotificationConfigs?pageSize=2&pageToken=p`,
    );
    const deleted = await app.request(`${BASE}/v1/tasks/task-1/pushNotificationConfigs/cfg-1`, {
      method: 'DELETE',
    });

    expect(await got.json()).toEqual(PUSH_CONFIG_V03);
    expect(await listed.json()).toEqual({ configs: [PUSH_CONFIG_V03], nextPageToken: 'page-2' });
    expect([deleted.status, await deleted.json()]).toEqual([200, {}]);
    expect(calls.map(({ method, request }) => [method, request])).toEqual([
      ['getTaskPushNotificationConfig', { taskId: 'task-1', id: 'cfg-1' }],
      ['listTaskPushNotificationConfigs', { taskId: 'task-1', pageSize: 2, pageToken: 'p' }],
      ['deleteTaskPushNotificationConfig', { taskId: 'task-1', id: 'cfg-1' }],
    ]);
  });

  it('serves the extended card at /v1/card in its 0.3 form', async () => {
    const { app, calls } = createTestApp();
    const response = await app.request(`${BASE}/v1/card`);
    expect(onlyCall(calls)).toMatchObject({ method: 'getExtendedAgentCard', request: {} });
    expect(await response.json()).toEqual({
      protocolVersion: '0.3.0',
      name: 'Outline Agent',
      description: 'Writes outlines',
      url: 'https://outline.example/rest',
      preferredTransport: 'HTTP+JSON',
      additionalInterfaces: [{ url: 'https://outline.example/rest', transport: 'HTTP+JSON' }],
      version: '0.1.0',
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/markdown'],
      supportsAuthenticatedExtendedCard: true,
      capabilities: { streaming: true },
      skills: [{ id: 'outline', name: 'Outline', description: 'Outline a topic', tags: ['writing'] }],
    });
  });

  it('reads X-A2A-Extensions as well as A2A-Extensions for a 0.3 call', async () => {
    const { app, calls } = createTestApp();
    await app.request(`${BASE}/v1/tasks/task-1`, {
      headers: { 'X-A2A-Extensions': 'https://ext/old', 'A2A-Extensions': 'https://ext/new' },
    });
    expect([...onlyCall(calls).call.requestedExtensions].sort()).toEqual([
      'https://ext/new',
      'https://ext/old',
    ]);
  });

  it('has no ListTasks route in 0.3: GET /v1/tasks is a 0.3 404', async () => {
    const { app, calls } = createTestApp();
    const response = await app.request(`${BASE}/v1/tasks`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      code: -32601,
      message:
        'No A2A 0.3 HTTP+JSON route for GET /a2a/rest/v1/tasks (it is an A2A 1.0 route: send A2A-Version: 1.0)',
      data: { method: 'GET', path: '/a2a/rest/v1/tasks' },
    });
    expect(calls).toEqual([]);
  });

  it('accepts A2A-Version: 0.3 (and a patch such as 0.3.0) like no header', async () => {
    const { app, calls } = createTestApp();
    await app.request(`${BASE}/v1/tasks/task-1`, { headers: { 'A2A-Version': '0.3' } });
    await app.request(`${BASE}/v1/tasks/task-1`, { headers: { 'A2A-Version': '0.3.0' } });
    expect(calls.map((call) => call.call.version)).toEqual(['0.3', '0.3']);
  });
});
