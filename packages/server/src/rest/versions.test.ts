import { describe, expect, it } from 'vitest';
import { BASE, createTestApp, onlyCall } from './testing/rest-test-app.ts';

const VERSION_INFO = {
  '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
  reason: 'VERSION_NOT_SUPPORTED',
  domain: 'a2a-protocol.org',
};

describe('version negotiation', () => {
  it.each([
    { how: 'the header', path: '/acme/tasks/task-1', headers: { 'A2A-Version': '1.0' } },
    { how: 'a patch version', path: '/acme/tasks/task-1', headers: { 'A2A-Version': '1.0.3' } },
    { how: 'the query parameter', path: '/acme/tasks/task-1?A2A-Version=1.0', headers: {} },
  ])('serves 1.0 when asked by $how', async ({ path, headers }) => {
    const { app, calls } = createTestApp();
    const response = await app.request(`${BASE}${path}`, { headers });
    expect(response.status).toBe(200);
    expect(onlyCall(calls).call.version).toBe('1.0');
    expect(onlyCall(calls).request).toEqual({ id: 'task-1', tenant: 'acme' });
  });

  it('prefers the header to the query parameter', async () => {
    const { app, calls } = createTestApp();
    await app.request(`${BASE}/v1/tasks/task-1?A2A-Version=1.0`, { headers: { 'A2A-Version': '0.3' } });
    expect(onlyCall(calls).call.version).toBe('0.3');
  });

  it('reads a call without A2A-Version as 0.3, naming the 1.0 route it missed', async () => {
    const { app, calls } = createTestApp();
    const response = await app.request(`${BASE}/tasks/task-1`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      code: -32601,
      message:
        'No A2A 0.3 HTTP+JSON route for GET /a2a/rest/tasks/task-1 (it is an A2A 1.0 route: send A2A-Version: 1.0)',
      data: { method: 'GET', path: '/a2a/rest/tasks/task-1' },
    });
    expect(calls).toEqual([]);
  });

  it('answers an unsupported 1.x-or-later version with VersionNotSupported as a 1.0 Status', async () => {
    const { app } = createTestApp();
    const response = await app.request(`${BASE}/tasks/task-1`, { headers: { 'A2A-Version': '2.0' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 400,
        status: 'FAILED_PRECONDITION',
        message: 'A2A protocol version "2.0" is not supported; supported versions: 1.0, 0.3',
        details: [{ ...VERSION_INFO, metadata: { version: '2.0', supportedVersions: '1.0,0.3' } }],
      },
    });
  });

  it('answers an unsupported older version in the 0.3 format', async () => {
    const { app } = createTestApp();
    const response = await app.request(`${BASE}/v1/tasks/task-1`, { headers: { 'A2A-Version': '0.2' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: -32009,
      message: 'A2A protocol version "0.2" is not supported; supported versions: 1.0, 0.3',
      data: { version: '0.2', supportedVersions: '1.0,0.3' },
    });
  });

  it('rejects a call without A2A-Version when 0.3 is not served', async () => {
    const { app, calls } = createTestApp({ supportedVersions: ['1.0'] });
    const rejected = await app.request(`${BASE}/v1/tasks/task-1`);
    const served = await app.request(`${BASE}/v1/tasks/task-1`, { headers: { 'A2A-Version': '1.0' } });
    expect([rejected.status, await rejected.json()]).toEqual([
      400,
      {
        code: -32009,
        message: 'A2A protocol version "0.3" is not supported; supported versions: 1.0',
        data: { version: '0.3', supportedVersions: '1.0' },
      },
    ]);
    expect(served.status).toBe(200);
    expect(onlyCall(calls).request).toEqual({ id: 'task-1', tenant: 'v1' });
  });

  it('does not point a 0.3-only server to the 1.0 routes it does not serve', async () => {
    const { app } = createTestApp({ supportedVersions: ['0.3'] });
    const response = await app.request(`${BASE}/tasks/task-1`);
    expect(await response.json()).toMatchObject({
      message: 'No A2A 0.3 HTTP+JSON route for GET /a2a/rest/tasks/task-1',
    });
  });

  it('dispatches the same /v1 path by version: 0.3 message:send, or 1.0 for tenant "v1"', async () => {
    const { app, calls } = createTestApp();
    const v03Body = { message: { messageId: 'm', role: 'ROLE_USER', content: [{ text: 'x' }] } };
    const v1Body = { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'x' }] } };
    const post = (body: unknown, headers: Record<string, string>) => ({
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const v03 = await app.request(`${BASE}/v1/message:send`, post(v03Body, {}));
    const v1 = await app.request(`${BASE}/v1/message:send`, post(v1Body, { 'A2A-Version': '1.0' }));
    expect([v03.status, v1.status]).toEqual([200, 200]);
    expect(calls.map((call) => [call.call.version, call.request])).toEqual([
      [
        '0.3',
        {
          message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'x' }] },
          configuration: { returnImmediately: true },
        },
      ],
      ['1.0', { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'x' }] }, tenant: 'v1' }],
    ]);
    expect(Object.keys((await v03.json()) as object)).toEqual(['task']);
  });
});
