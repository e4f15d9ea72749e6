import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPLODING_TASK_ID } from './testing/fake-request-handler.ts';
import { BASE, createTestApp } from './testing/rest-test-app.ts';

/** Every status the binding may answer with. */
const STATUSES = new Set([200, 201, 400, 404, 405, 415, 500]);

const JSON_TYPES = new Set(['application/json', 'application/a2a+json']);

const id = fc.oneof(
  fc.constantFrom('task-1', 'nope', 'breaks', EXPLODING_TASK_ID, 'a%3Ab', '%E0%A4%A', ''),
  fc.string({ maxLength: 10 }).map(encodeURIComponent),
);

// Paths near the routes (under no prefix, a tenant, or /v1), so that every branch of the binding is reached.
const routePath = fc.oneof(
  fc.constantFrom('message:send', 'message:stream', 'tasks', 'extendedAgentCard', 'card'),
  id.map((task) => `tasks/${task}`),
  id.map((task) => `tasks/${task}:cancel`),
  id.map((task) => `tasks/${task}:subscribe`),
  id.map((task) => `tasks/${task}/pushNotificationConfigs`),
  fc.tuple(id, id).map(([task, config]) => `tasks/${task}/pushNotificationConfigs/${config}`),
);

const segment = fc.oneof(
  fc.constantFrom('tasks', 'message:send', 'v1', 'pushNotificationConfigs', ':cancel', '%2F', '%', ''),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
);

const path = fc.oneof(
  fc.tuple(fc.constantFrom('', 'acme/', 'v1/'), routePath).map(([prefix, route]) => `${prefix}${route}`),
  fc.array(segment, { maxLength: 7 }).map((segments) => segments.join('/')),
);

const query = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          'historyLength',
          'pageSize',
          'status',
          'includeArtifacts',
          'A2A-Version',
          'tenant',
          'x',
        ),
        fc.oneof(
          fc.constantFrom('1', '-1', 'true', 'TASK_STATE_WORKING', '1.0', ''),
          fc.string({ maxLength: 8 }),
        ),
      ),
      { maxLength: 4 },
    )
    .map((pairs) => `?${new URLSearchParams(pairs)}`),
);

const body = fc.oneof(
  fc.constant(undefined),
  fc.json({ maxDepth: 3 }),
  fc.constantFrom(
    '{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"x"}]}}',
    '{"message":{"messageId":"m","role":"ROLE_USER","content":[{"text":"x"}]}}',
    '{"url":"https://h","pushNotificationConfig":{"url":"https://h"}}',
    'null',
    '{"message": ',
  ),
  fc.string({ maxLength: 20 }),
);

const headers = fc.record(
  {
    'A2A-Version': fc.constantFrom('1.0', '0.3', '1.0.1', '2.0', '0.2', 'x', ''),
    'Content-Type': fc.constantFrom('application/json', 'application/a2a+json', 'text/plain', 'x/y; q=1', ''),
    Accept: fc.constantFrom('*/*', 'application/a2a+json', 'application/json;q=0.1', 'text/html', ''),
    'A2A-Extensions': fc.constantFrom('https://e', ' , ,', ''),
  },
  { requiredKeys: [] },
);

const method = fc.oneof(
  { arbitrary: fc.constantFrom('GET', 'POST'), weight: 4 },
  { arbitrary: fc.constantFrom('DELETE', 'PUT', 'PATCH', 'HEAD', 'OPTIONS'), weight: 1 },
);

async function readAnswer(response: Response, requestMethod: string): Promise<void> {
  const contentType = response.headers.get('Content-Type') ?? '';
  const text = await response.text();
  if (requestMethod === 'HEAD') return;
  if (contentType === 'text/event-stream') {
    expect(response.status).toBe(200);
    for (const frame of text
      .split('\n\n')
      .filter((block) => block.startsWith('data: ') || block.startsWith('event:'))) {
      const data = frame.split('\n').find((line) => line.startsWith('data: '));
      expect(() => JSON.parse(data?.slice('data: '.length) ?? '')).not.toThrow();
    }
    return;
  }
  expect(JSON_TYPES.has(contentType)).toBe(true);
  expect(() => JSON.parse(text)).not.toThrow();
  expect(text).not.toMatch(/hunter2|\n\s+at /);
}

describe('the REST app on arbitrary input', () => {
  it('never throws and always answers JSON or SSE with a status from the table', async () => {
    const { app } = createTestApp();
    await fc.assert(
      fc.asyncProperty(
        method,
        path,
        query,
        headers,
        body,
        async (requestMethod, relativePath, search, requestHeaders, requestBody) => {
          const init: RequestInit = { method: requestMethod, headers: requestHeaders };
          if (requestBody !== undefined && requestMethod !== 'GET' && requestMethod !== 'HEAD') {
            init.body = typeof requestBody === 'string' ? requestBody : JSON.stringify(requestBody);
          }
          const url = `${BASE}/${relativePath}${search}`;
          const response = await app.request(url, init);
          expect(STATUSES.has(response.status)).toBe(true);
          if (response.status === 500) expect(url).toContain(EXPLODING_TASK_ID);
          await readAnswer(response, requestMethod);
        },
      ),
      { numRuns: 400 },
    );
  });
});
