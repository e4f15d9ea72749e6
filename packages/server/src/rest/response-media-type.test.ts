import { describe, expect, it } from 'vitest';
import { responseMediaType } from './response-media-type.ts';
import { BASE, createTestApp, V1_HEADERS } from './testing/rest-test-app.ts';

function requestWith(headers: Record<string, string>): Request {
  return new Request('http://127.0.0.1/message:send', { method: 'POST', headers });
}

describe('responseMediaType', () => {
  it.each([
    [{}, 'application/json'],
    [{ Accept: '*/*' }, 'application/json'],
    [{ Accept: 'application/json' }, 'application/json'],
    [{ Accept: 'application/a2a+json' }, 'application/a2a+json'],
    [{ Accept: 'application/a2a+json, application/json' }, 'application/a2a+json'],
    [{ Accept: 'application/json, application/a2a+json;q=0.5' }, 'application/a2a+json'],
    [{ Accept: 'application/a2a+json;q=0, */*' }, 'application/json'],
    [{ 'Content-Type': 'application/a2a+json' }, 'application/a2a+json'],
    [{ 'Content-Type': 'application/a2a+json; charset=utf-8', Accept: '*/*' }, 'application/a2a+json'],
    [{ 'Content-Type': 'application/a2a+json', Accept: 'application/*' }, 'application/a2a+json'],
    [{ 'Content-Type': 'application/a2a+json', Accept: 'application/json' }, 'application/json'],
    [{ 'Content-Type': 'application/json', Accept: '*/*' }, 'application/json'],
  ])('answers a 1.0 call with %j as %s', (headers, expected) => {
    expect(responseMediaType(requestWith(headers), '1.0')).toBe(expected);
  });

  it('answers a 0.3 call as application/json whatever it accepts', () => {
    expect(responseMediaType(requestWith({ Accept: 'application/a2a+json' }), '0.3')).toBe(
      'application/json',
    );
  });
});

describe('response Content-Type', () => {
  it('labels 1.0 results and errors alike by the negotiated media type', async () => {
    const { app } = createTestApp();
    const headers = { ...V1_HEADERS, Accept: 'application/a2a+json' };
    const found = await app.request(`${BASE}/tasks/task-1`, { headers });
    const missing = await app.request(`${BASE}/tasks/nope`, { headers });
    const noRoute = await app.request(`${BASE}/nowhere`, { headers });
    expect([found, missing, noRoute].map((r) => [r.status, r.headers.get('Content-Type')])).toEqual([
      [200, 'application/a2a+json'],
      [404, 'application/a2a+json'],
      [404, 'application/a2a+json'],
    ]);
  });

  it('labels 0.3 answers application/json', async () => {
    const { app } = createTestApp();
    const response = await app.request(`${BASE}/v1/tasks/task-1`, {
      headers: { Accept: 'application/a2a+json' },
    });
    expect(response.headers.get('Content-Type')).toBe('application/json');
  });
});
