import type { StreamResponse } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { BREAKING_TASK_ID, createFakeHandler, STREAM_EVENTS, TASK } from './testing/fake-request-handler.ts';
import { BASE, createTestApp, postJson, readSseFrames, V1_HEADERS } from './testing/rest-test-app.ts';

const FIRST_EVENT: StreamResponse = { task: TASK };
const MESSAGE_V1 = { messageId: 'm-2', role: 'ROLE_USER', parts: [{ text: 'go' }] };
const MESSAGE_V03 = { messageId: 'm-2', role: 'ROLE_USER', content: [{ text: 'go' }] };

// STREAM_EVENTS as 0.3 REST frames: message parts in `content`, and `final` on the status update.
const FRAMES_V03 = [
  {
    task: {
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
    },
  },
  {
    artifactUpdate: {
      taskId: 'task-1',
      contextId: 'ctx-1',
      artifact: { artifactId: 'a-2', parts: [{ text: '# Report' }] },
    },
  },
  {
    statusUpdate: {
      taskId: 'task-1',
      contextId: 'ctx-1',
      status: { state: 'TASK_STATE_COMPLETED' },
      final: true,
    },
  },
];

describe('1.0 SSE', () => {
  it.each([
    {
      name: 'POST /message:stream',
      path: '/message:stream',
      init: postJson({ message: MESSAGE_V1 }, V1_HEADERS),
    },
    { name: 'GET /tasks/{id}:subscribe', path: '/tasks/task-1:subscribe', init: { headers: V1_HEADERS } },
    {
      name: 'POST /tasks/{id}:subscribe',
      path: '/acme/tasks/task-1:subscribe',
      init: { method: 'POST', headers: V1_HEADERS },
    },
  ])('writes each event of $name as a bare StreamResponse data frame', async ({ path, init }) => {
    const { app } = createTestApp();
    const response = await app.request(`${BASE}${path}`, init);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/event-stream');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(await readSseFrames(response)).toEqual(STREAM_EVENTS.map((event) => ({ data: event })));
  });

  it('writes one JSON line per frame', async () => {
    const { app } = createTestApp();
    const response = await app.request(`${BASE}/tasks/task-1:subscribe`, { headers: V1_HEADERS });
    const text = await response.text();
    expect(text.startsWith(`data: ${JSON.stringify(STREAM_EVENTS[0])}\n\n`)).toBe(true);
  });

  it('answers a stream that cannot start with a plain JSON error, not SSE', async () => {
    const { app } = createTestApp();
    const response = await app.request(`${BASE}/tasks/nope:subscribe`, {
      method: 'POST',
      headers: V1_HEADERS,
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(await response.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
  });

  it('ends a stream that fails after its start with an error frame carrying the Status body', async () => {
    const { app } = createTestApp();
    const response = await app.request(`${BASE}/tasks/${BREAKING_TASK_ID}:subscribe`, {
      headers: V1_HEADERS,
    });
    expect(await readSseFrames(response)).toEqual([
      { data: STREAM_EVENTS[0] },
      {
        event: 'error',
        data: {
          error: {
            code: 500,
            status: 'INTERNAL',
            message: 'the executor crashed',
            details: [
              {
                '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
                reason: 'INTERNAL_ERROR',
                domain: 'a2a-protocol.org',
              },
            ],
          },
        },
      },
    ]);
  });

  it('answers HEAD with the SSE headers only and releases the stream at once', async () => {
    let returned = false;
    const { handler } = createFakeHandler();
    handler.subscribeToTask = async () => ({
      [Symbol.asyncIterator]: () => ({
        next: async (): Promise<IteratorResult<StreamResponse>> => ({ done: false, value: FIRST_EVENT }),
        return: async () => {
          returned = true;
          return { done: true, value: undefined };
        },
      }),
    });
    const { app } = createTestApp({ handler });
    const response = await app.request(`${BASE}/tasks/task-1:subscribe`, {
      method: 'HEAD',
      headers: V1_HEADERS,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/event-stream');
    expect(await response.text()).toBe('');
    expect(returned).toBe(true);
  });

  it('releases the handler stream and aborts the call signal when the client goes away', async () => {
    let returned = false;
    let pulls = 0;
    let signal: AbortSignal | undefined;
    const fake = createFakeHandler();
    fake.handler.subscribeToTask = async (_request, call) => {
      signal = call.signal;
      return {
        [Symbol.asyncIterator]: () => ({
          // The task, then nothing more: a task that runs for ever.
          next: (): Promise<IteratorResult<StreamResponse>> =>
            pulls++ === 0 ? Promise.resolve({ done: false, value: FIRST_EVENT }) : new Promise(() => {}),
          return: async () => {
            returned = true;
            return { done: true, value: undefined };
          },
        }),
      };
    };
    const { app } = createTestApp({ handler: fake.handler });
    const client = new AbortController();
    const response = await app.request(`${BASE}/tasks/task-1:subscribe`, {
      headers: V1_HEADERS,
      signal: client.signal,
    });
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toBe(`data: ${JSON.stringify(FIRST_EVENT)}\n\n`);
    expect(signal?.aborted).toBe(false);
    client.abort();
    await expect.poll(() => returned).toBe(true);
    expect(signal?.aborted).toBe(true);
  });
});

describe('0.3 SSE', () => {
  it.each([
    { name: 'POST /v1/message:stream', path: '/v1/message:stream', init: postJson({ message: MESSAGE_V03 }) },
    { name: 'GET /v1/tasks/{id}:subscribe', path: '/v1/tasks/task-1:subscribe', init: {} },
    { name: 'POST /v1/tasks/{id}:subscribe', path: '/v1/tasks/task-1:subscribe', init: { method: 'POST' } },
  ])('writes each event of $name as a 0.3 REST StreamResponse', async ({ path, init }) => {
    const { app } = createTestApp();
    const response = await app.request(`${BASE}${path}`, init);
    expect(response.headers.get('Content-Type')).toBe('text/event-stream');
    expect(await readSseFrames(response)).toEqual(FRAMES_V03.map((frame) => ({ data: frame })));
  });

  it('ends a failing 0.3 stream with an error frame carrying the 0.3 error object', async () => {
    const { app } = createTestApp();
    const response = await app.request(`${BASE}/v1/tasks/${BREAKING_TASK_ID}:subscribe`);
    const frames = await readSseFrames(response);
    expect(frames.at(-1)).toEqual({
      event: 'error',
      data: { code: -32603, message: 'the executor crashed' },
    });
  });
});
