import { describe, expect, it } from 'vitest';
import { EXPLODING_TASK_ID, SECRET_FAILURE } from './testing/fake-request-handler.ts';
import { BASE, createTestApp, V1_HEADERS } from './testing/rest-test-app.ts';

const ERROR_INFO = 'type.googleapis.com/google.rpc.ErrorInfo';
const BAD_REQUEST = 'type.googleapis.com/google.rpc.BadRequest';
const DOMAIN = 'a2a-protocol.org';

function errorInfo(reason: string, metadata?: Record<string, string>) {
  return { '@type': ERROR_INFO, reason, domain: DOMAIN, ...(metadata ? { metadata } : {}) };
}

describe('1.0 route and handler errors (google.rpc.Status bodies)', () => {
  it('answers an unknown task with 404 NOT_FOUND and ErrorInfo TASK_NOT_FOUND', async () => {
    const { app } = createTestApp();
    const response = await app.request(`${BASE}/tasks/nope`, { headers: V1_HEADERS });
    expect(response.status).toBe(404);
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(await response.json()).toEqual({
      error: {
        code: 404,
        status: 'NOT_FOUND',
        message: 'Task not found: nope',
        details: [errorInfo('TASK_NOT_FOUND', { taskId: 'nope' })],
      },
    });
  });

  it('answers an unknown path with a 404 Status', async () => {
    const { app } = createTestApp();
    const response = await app.request(`${BASE}/tasks/task-1/artifacts`, { headers: V1_HEADERS });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        code: 404,
        status: 'NOT_FOUND',
        message: 'No A2A 1.0 HTTP+JSON route for GET /a2a/rest/tasks/task-1/artifacts',
        details: [errorInfo('METHOD_NOT_FOUND', { method: 'GET', path: '/a2a/rest/tasks/task-1/artifacts' })],
      },
    });
  });

  it.each([`${BASE}`, `${BASE}/`, `${BASE}/a/b/c/d/e/f/g`, `${BASE}/tasks//pushNotificationConfigs`])(
    'answers %s with a 404 Status too',
    async (path) => {
      const { app } = createTestApp();
      const response = await app.request(path, { headers: V1_HEADERS });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
    },
  );

  it('answers a method a route does not take with 405 and Allow', async () => {
    const { app, calls } = createTestApp();
    const response = await app.request(`${BASE}/tasks/task-1:cancel`, { headers: V1_HEADERS });
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST');
    expect(await response.json()).toEqual({
      error: {
        code: 405,
        status: 'UNIMPLEMENTED',
        message: 'GET is not allowed on /a2a/rest/tasks/task-1:cancel; allowed: POST',
        details: [
          errorInfo('METHOD_NOT_FOUND', {
            method: 'GET',
            path: '/a2a/rest/tasks/task-1:cancel',
            allow: 'POST',
          }),
        ],
      },
    });
    expect(calls).toEqual([]);
  });

  it('lists every method of the path in Allow', async () => {
    const { app } = createTestApp();
    const response = await app.request(`${BASE}/acme/tasks/t/pushNotificationConfigs`, {
      method: 'PUT',
      headers: V1_HEADERS,
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET, POST');
  });

  it('answers an internal failure with a generic 500 and logs the original', async () => {
    const { app, logged } = createTestApp();
    const response = await app.request(`${BASE}/tasks/${EXPLODING_TASK_ID}`, { headers: V1_HEADERS });
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({
      error: {
        code: 500,
        status: 'INTERNAL',
        message: 'Internal error',
        details: [errorInfo('INTERNAL_ERROR')],
      },
    });
    expect(text).not.toContain('hunter2');
    const [failure, ...more] = logged;
    expect(more).toEqual([]);
    expect(failure?.details).toMatchObject({ binding: 'HTTP+JSON', version: '1.0', operation: 'getTask' });
    expect(failure?.details.error).toEqual(new Error(SECRET_FAILURE));
  });

  it.each([
    [
      '?status=TASK_STATE_WORKING&status=TASK_STATE_FAILED',
      'status',
      'is given more than once; it takes a single value',
    ],
    ['?pageSize=1&page_size=2', 'pageSize', 'is given more than once; it takes a single value'],
    ['?includeArtifacts=yes', 'includeArtifacts', 'must be true or false'],
    ['?pageSize=ten', 'pageSize', 'must be an integer (a JSON number or a decimal string)'],
  ])('answers the query %s with 400 naming %s', async (query, field, description) => {
    const { app, calls } = createTestApp();
    const response = await app.request(`${BASE}/tasks${query}`, { headers: V1_HEADERS });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 400,
        status: 'INVALID_ARGUMENT',
        message: `Invalid parameters: ${field}: ${description}`,
        details: [
          errorInfo('INVALID_PARAMS'),
          { '@type': BAD_REQUEST, fieldViolations: [{ field, description }] },
        ],
      },
    });
    expect(calls).toEqual([]);
  });
});

describe('0.3 route and handler errors (the 0.3 error object)', () => {
  it('answers an unknown task with 404 and {code, message, data}', async () => {
    const { app } = createTestApp();
    const response = await app.request(`${BASE}/v1/tasks/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      code: -32001,
      message: 'Task not found: nope',
      data: { taskId: 'nope' },
    });
  });

  it('answers a 0.3 internal failure with a generic 500', async () => {
    const { app } = createTestApp();
    const response = await app.request(`${BASE}/v1/tasks/${EXPLODING_TASK_ID}:cancel`, { method: 'POST' });
    expect([response.status, await response.json()]).toEqual([
      500,
      { code: -32603, message: 'Internal error' },
    ]);
  });
});
