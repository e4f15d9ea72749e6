import { describe, expect, it } from 'vitest';
import { BASE, createTestApp, postJson, V1_HEADERS } from './testing/rest-test-app.ts';

const ERROR_INFO = 'type.googleapis.com/google.rpc.ErrorInfo';
const BAD_REQUEST = 'type.googleapis.com/google.rpc.BadRequest';
const DOMAIN = 'a2a-protocol.org';

function errorInfo(reason: string, metadata?: Record<string, string>) {
  return { '@type': ERROR_INFO, reason, domain: DOMAIN, ...(metadata ? { metadata } : {}) };
}

function parseErrorOf(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${text} parses`);
}

describe('1.0 request errors (google.rpc.Status bodies)', () => {
  it('answers an invalid body with 400 naming the field', async () => {
    const { app, calls } = createTestApp();
    const body = { message: { role: 'ROLE_USER', parts: [{ text: 'x' }] } };
    const response = await app.request(`${BASE}/message:send`, postJson(body, V1_HEADERS));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 400,
        status: 'INVALID_ARGUMENT',
        message: 'Invalid parameters: message.messageId: is required',
        details: [
          errorInfo('INVALID_PARAMS'),
          {
            '@type': BAD_REQUEST,
            fieldViolations: [{ field: 'message.messageId', description: 'is required' }],
          },
        ],
      },
    });
    expect(calls).toEqual([]);
  });

  it('answers a body that is not an object with 400', async () => {
    const { app } = createTestApp();
    const response = await app.request(`${BASE}/message:send`, postJson([1, 2], V1_HEADERS));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 400,
        status: 'INVALID_ARGUMENT',
        message: 'Invalid parameters: the request body must be a JSON object',
        details: [
          errorInfo('INVALID_PARAMS'),
          { '@type': BAD_REQUEST, fieldViolations: [{ field: '', description: 'must be a JSON object' }] },
        ],
      },
    });
  });

  it('answers unparseable JSON with 400 and the parser message', async () => {
    const { app } = createTestApp();
    const text = '{"message": ';
    const response = await app.request(`${BASE}/message:send`, {
      method: 'POST',
      headers: { ...V1_HEADERS, 'Content-Type': 'application/json' },
      body: text,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 400,
        status: 'INVALID_ARGUMENT',
        message: `Invalid JSON payload: ${parseErrorOf(text)}`,
        details: [errorInfo('JSON_PARSE')],
      },
    });
  });

  it('answers a body of another media type with 415 INVALID_ARGUMENT', async () => {
    const { app, calls } = createTestApp();
    const response = await app.request(`${BASE}/message:send`, {
      method: 'POST',
      headers: { ...V1_HEADERS, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'message=hi',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      error: {
        code: 415,
        status: 'INVALID_ARGUMENT',
        message:
          'Unsupported Content-Type "application/x-www-form-urlencoded": send application/json or application/a2a+json',
        details: [errorInfo('INVALID_REQUEST', { contentType: 'application/x-www-form-urlencoded' })],
      },
    });
    expect(calls).toEqual([]);
  });

  it.each(['application/json', 'application/a2a+json', 'Application/JSON; charset=utf-8'])(
    'reads a body sent as %s',
    async (contentType) => {
      const { app, calls } = createTestApp();
      await app.request(`${BASE}/tasks/task-1:cancel`, {
        method: 'POST',
        headers: { ...V1_HEADERS, 'Content-Type': contentType },
        body: '{"metadata":{"a":1}}',
      });
      expect(calls.map((call) => call.request)).toEqual([{ id: 'task-1', metadata: { a: 1 } }]);
    },
  );

  it('reads an empty POST body as {} whatever its content type', async () => {
    const { app, calls } = createTestApp();
    const response = await app.request(`${BASE}/tasks/task-1:cancel`, {
      method: 'POST',
      headers: { ...V1_HEADERS, 'Content-Type': 'text/plain' },
    });
    expect(response.status).toBe(200);
    expect(calls.map((call) => call.request)).toEqual([{ id: 'task-1' }]);
  });

  it.each([
    ['?status=WORKING', 'status'],
    ['?statusTimestampAfter=yesterday', 'statusTimestampAfter'],
  ])('names the field of a query value the schema rejects (%s)', async (query, field) => {
    const { app } = createTestApp();
    const response = await app.request(`${BASE}/tasks${query}`, { headers: V1_HEADERS });
    const body = (await response.json()) as { error: { message: string; details: unknown[] } };
    expect(response.status).toBe(400);
    expect(body.error.message).toMatch(new RegExp(`^Invalid parameters: ${field}: `));
    expect(body.error.details[1]).toMatchObject({ fieldViolations: [{ field }] });
  });
});

describe('0.3 request errors (the 0.3 error object)', () => {
  it('answers a 1.0-shaped message on a 0.3 route with 400 naming the field', async () => {
    const { app } = createTestApp();
    const response = await app.request(
      `${BASE}/v1/message:send`,
      postJson({ message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'x' }] } }),
    );
    const description = 'a 0.3 REST message carries its parts in content, not parts';
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: -32602,
      message: `Invalid parameters: message.parts: ${description}`,
      data: {
        details: [{ '@type': BAD_REQUEST, fieldViolations: [{ field: 'message.parts', description }] }],
      },
    });
  });

  it('answers unparseable JSON, 415 and 405 in the 0.3 format', async () => {
    const { app } = createTestApp();
    const badJson = await app.request(`${BASE}/v1/message:send`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: 'nope',
    });
    const wrongType = await app.request(`${BASE}/v1/message:send`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: '{}',
    });
    const wrongMethod = await app.request(`${BASE}/v1/card`, { method: 'POST' });

    expect([badJson.status, await badJson.json()]).toEqual([
      400,
      { code: -32700, message: `Invalid JSON payload: ${parseErrorOf('nope')}` },
    ]);
    expect([wrongType.status, await wrongType.json()]).toEqual([
      415,
      {
        code: -32600,
        message: 'Unsupported Content-Type "text/plain": send application/json or application/a2a+json',
        data: { contentType: 'text/plain' },
      },
    ]);
    expect([wrongMethod.status, wrongMethod.headers.get('Allow'), await wrongMethod.json()]).toEqual([
      405,
      'GET',
      {
        code: -32601,
        message: 'POST is not allowed on /a2a/rest/v1/card; allowed: GET',
        data: { method: 'POST', path: '/a2a/rest/v1/card', allow: 'GET' },
      },
    ]);
  });
});
