import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createRestApp } from './create-rest-app.ts';
import {
  CANCELED_TASK,
  createFakeHandler,
  EXTENDED_CARD,
  PUSH_CONFIG,
  TASK,
} from './testing/fake-request-handler.ts';
import { BASE, createTestApp, onlyCall, postJson, V1_HEADERS } from './testing/rest-test-app.ts';

const MESSAGE = { messageId: 'm-2', role: 'ROLE_USER', parts: [{ text: 'hi' }] };

interface RouteCase {
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  readonly body?: unknown;
  readonly handlerMethod: string;
  readonly request: Record<string, unknown>;
  readonly status: number;
  /** The JSON answer; `undefined` for an SSE answer. */
  readonly response?: unknown;
}

const ROUTES: readonly RouteCase[] = [
  {
    name: 'SendMessage',
    method: 'POST',
    path: '/message:send',
    body: { message: MESSAGE, configuration: { returnImmediately: true, historyLength: 2 } },
    handlerMethod: 'sendMessage',
    request: { message: MESSAGE, configuration: { returnImmediately: true, historyLength: 2 } },
    status: 200,
    response: { task: TASK },
  },
  {
    name: 'SendStreamingMessage',
    method: 'POST',
    path: '/message:stream',
    body: { message: MESSAGE, metadata: { trace: 'x' } },
    handlerMethod: 'sendStreamingMessage',
    request: { message: MESSAGE, metadata: { trace: 'x' } },
    status: 200,
  },
  {
    name: 'GetTask',
    method: 'GET',
    path: '/tasks/task-1?historyLength=5',
    handlerMethod: 'getTask',
    request: { id: 'task-1', historyLength: 5 },
    status: 200,
    response: TASK,
  },
  {
    name: 'ListTasks',
    method: 'GET',
    path:
      '/tasks?contextId=ctx-1&status=TASK_STATE_WORKING&pageSize=10&pageToken=p2&historyLength=0' +
      '&statusTimestampAfter=2026-01-01T00:00:00.000Z&includeArtifacts=true',
    handlerMethod: 'listTasks',
    request: {
      contextId: 'ctx-1',
      status: 'TASK_STATE_WORKING',
      pageSize: 10,
      pageToken: 'p2',
      historyLength: 0,
      statusTimestampAfter: '2026-01-01T00:00:00.000Z',
      includeArtifacts: true,
    },
    status: 200,
    response: { tasks: [TASK], nextPageToken: '', pageSize: 50, totalSize: 1 },
  },
  {
    name: 'CancelTask',
    method: 'POST',
    path: '/tasks/task-1:cancel',
    body: { metadata: { reason: 'user' } },
    handlerMethod: 'cancelTask',
    request: { id: 'task-1', metadata: { reason: 'user' } },
    status: 200,
    response: CANCELED_TASK,
  },
  {
    name: 'SubscribeToTask (GET, as the proto)',
    method: 'GET',
    path: '/tasks/task-1:subscribe',
    handlerMethod: 'subscribeToTask',
    request: { id: 'task-1' },
    status: 200,
  },
  {
    name: 'SubscribeToTask (POST, as the spec text)',
    method: 'POST',
    path: '/tasks/task-1:subscribe',
    handlerMethod: 'subscribeToTask',
    request: { id: 'task-1' },
    status: 200,
  },
  {
    name: 'CreateTaskPushNotificationConfig',
    method: 'POST',
    path: '/tasks/task-1/pushNotificationConfigs',
    body: { url: 'https://client.example/hook', token: 'tok' },
    handlerMethod: 'createTaskPushNotificationConfig',
    request: { taskId: 'task-1', url: 'https://client.example/hook', token: 'tok' },
    status: 201,
  },
  {
    name: 'GetTaskPushNotificationConfig',
    method: 'GET',
    path: '/tasks/task-1/pushNotificationConfigs/cfg-1',
    handlerMethod: 'getTaskPushNotificationConfig',
    request: { taskId: 'task-1', id: 'cfg-1' },
    status: 200,
    response: PUSH_CONFIG,
  },
  {
    name: 'ListTaskPushNotificationConfigs',
    method: 'GET',
    path: '/tasks/task-1/pushNotificationConfigs?pageSize=5&pageToken=abc',
    handlerMethod: 'listTaskPushNotificationConfigs',
    request: { taskId: 'task-1', pageSize: 5, pageToken: 'abc' },
    status: 200,
    response: { configs: [PUSH_CONFIG], nextPageToken: 'page-2' },
  },
  {
    name: 'DeleteTaskPushNotificationConfig',
    method: 'DELETE',
    path: '/tasks/task-1/pushNotificationConfigs/cfg-1',
    handlerMethod: 'deleteTaskPushNotificationConfig',
    request: { taskId: 'task-1', id: 'cfg-1' },
    status: 200,
    response: {},
  },
  {
    name: 'GetExtendedAgentCard',
    method: 'GET',
    path: '/extendedAgentCard',
    handlerMethod: 'getExtendedAgentCard',
    request: {},
    status: 200,
    response: EXTENDED_CARD,
  },
];

function init(route: RouteCase): RequestInit {
  if (route.body === undefined) return { method: route.method, headers: V1_HEADERS };
  return postJson(route.body, V1_HEADERS);
}

describe('1.0 routes', () => {
  describe.each([
    { prefix: '', tenant: undefined },
    { prefix: '/acme', tenant: 'acme' },
  ])('with path prefix "$prefix"', ({ prefix, tenant }) => {
    it.each(ROUTES)('routes $name to the handler with the exact 1.0 request', async (route) => {
      const { app, calls } = createTestApp();
      const response = await app.request(`${BASE}${prefix}${route.path}`, init(route));

      expect(response.status).toBe(route.status);
      const call = onlyCall(calls);
      expect(call.method).toBe(route.handlerMethod);
      expect(call.request).toEqual(tenant === undefined ? route.request : { ...route.request, tenant });
      expect(call.call.tenant).toBe(tenant);
      expect(call.call.version).toBe('1.0');
      expect(call.call.binding).toBe('HTTP+JSON');
      if (route.response !== undefined) expect(await response.json()).toEqual(route.response);
      else if (route.status === 200) expect(response.headers.get('Content-Type')).toBe('text/event-stream');
    });
  });

  it('answers a push config creation with 201 and the created config', async () => {
    const { app } = createTestApp();
    const response = await app.request(
      `${BASE}/tasks/task-1/pushNotificationConfigs`,
      postJson({ url: 'https://client.example/hook' }, V1_HEADERS),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      id: 'cfg-new',
      taskId: 'task-1',
      url: 'https://client.example/hook',
    });
  });

  it('reads "v1" as a tenant when the call says A2A-Version 1.0', async () => {
    const { app, calls } = createTestApp();
    const response = await app.request(`${BASE}/v1/message:send`, postJson({ message: MESSAGE }, V1_HEADERS));
    expect(response.status).toBe(200);
    expect(onlyCall(calls).request).toEqual({ message: MESSAGE, tenant: 'v1' });
  });

  it('lets the path tenant override a tenant in the body, and uses the body tenant without one', async () => {
    const { app, calls } = createTestApp();
    await app.request(
      `${BASE}/acme/message:send`,
      postJson({ message: MESSAGE, tenant: 'other' }, V1_HEADERS),
    );
    await app.request(`${BASE}/message:send`, postJson({ message: MESSAGE, tenant: 'other' }, V1_HEADERS));
    expect(calls.map((call) => [call.request, call.call.tenant])).toEqual([
      [{ message: MESSAGE, tenant: 'acme' }, 'acme'],
      [{ message: MESSAGE, tenant: 'other' }, 'other'],
    ]);
  });

  it('lets the path task id override an id in the body', async () => {
    const { app, calls } = createTestApp();
    await app.request(`${BASE}/tasks/task-1:cancel`, postJson({ id: 'task-2' }, V1_HEADERS));
    expect(onlyCall(calls).request).toEqual({ id: 'task-1' });
  });

  it('takes a tenant from the query of a GET route without a path tenant', async () => {
    const { app, calls } = createTestApp();
    await app.request(`${BASE}/tasks/task-1?tenant=acme`, { headers: V1_HEADERS });
    expect(onlyCall(calls).request).toEqual({ id: 'task-1', tenant: 'acme' });
    expect(onlyCall(calls).call.tenant).toBe('acme');
  });

  it('percent-decodes ids and tenants, so an encoded "/" or ":" is part of the id', async () => {
    const { app, calls } = createTestApp();
    await app.request(`${BASE}/my%20team/tasks/a%2Fb%3Acancel`, { headers: V1_HEADERS });
    expect(onlyCall(calls).method).toBe('getTask');
    expect(onlyCall(calls).request).toEqual({ id: 'a/b:cancel', tenant: 'my team' });
  });

  it('builds the call context from the headers and the getUser hook', async () => {
    const { app, calls } = createTestApp({ getUser: (c) => ({ id: c.req.header('X-User') ?? 'nobody' }) });
    await app.request(`${BASE}/tasks/task-1`, {
      headers: { ...V1_HEADERS, 'X-User': 'alice', 'A2A-Extensions': 'https://ext/a, https://ext/b' },
    });
    const { call } = onlyCall(calls);
    expect(call.user).toEqual({ id: 'alice' });
    expect(call.requestedExtensions).toEqual(['https://ext/a', 'https://ext/b']);
    expect(call.signal).toBeInstanceOf(AbortSignal);
  });

  it('ignores a trailing slash when mounted in a non-strict app, as that app does', async () => {
    const { handler, calls } = createFakeHandler();
    const app = new Hono({ strict: false }).route(BASE, createRestApp({ handler, heartbeatMs: 0 }));
    const response = await app.request(`${BASE}/tasks/task-1/`, { headers: V1_HEADERS });
    expect(response.status).toBe(200);
    expect(onlyCall(calls).request).toEqual({ id: 'task-1' });
  });

  it('serves the same routes when used without a base path', async () => {
    const { handler, calls } = createFakeHandler();
    const app = createRestApp({ handler, heartbeatMs: 0 });
    const response = await app.request('/acme/tasks/task-1', { headers: V1_HEADERS });
    expect(response.status).toBe(200);
    expect(onlyCall(calls).request).toEqual({ id: 'task-1', tenant: 'acme' });
  });
});
