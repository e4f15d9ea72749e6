import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AgentExecutor } from '../executor/index.ts';
import { createRequestHandler } from '../handler/index.ts';
import { createRestApp } from './create-rest-app.ts';
import { BASE, postJson, readSseFrames, V1_HEADERS } from './testing/rest-test-app.ts';

// The binding over the real request handler and task runtime, with a small agent.
const outline: AgentExecutor = async (ctx) => {
  await ctx.working();
  await ctx.addArtifact({ artifactId: 'outline', parts: `# ${ctx.text}` });
  await ctx.complete();
};

function createApp() {
  const handler = createRequestHandler({ executor: outline, logger: { error: () => {}, warn: () => {} } });
  return new Hono().route(BASE, createRestApp({ handler, heartbeatMs: 0 }));
}

const message = (text: string) => ({ messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text }] });

describe('the REST binding over the real request handler', () => {
  it('runs a 1.0 send to completion and reads the task back', async () => {
    const app = createApp();
    const sent = await app.request(
      `${BASE}/acme/message:send`,
      postJson({ message: message('Tea') }, V1_HEADERS),
    );
    const { task } = (await sent.json()) as { task: { id: string; status: { state: string } } };
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');

    const got = await app.request(`${BASE}/acme/tasks/${task.id}?historyLength=0`, { headers: V1_HEADERS });
    expect(await got.json()).toMatchObject({
      id: task.id,
      status: { state: 'TASK_STATE_COMPLETED' },
      artifacts: [{ artifactId: 'outline', parts: [{ text: '# Tea' }] }],
    });
  });

  it('streams a 1.0 send as SSE frames ending in the completed status', async () => {
    const app = createApp();
    const response = await app.request(
      `${BASE}/message:stream`,
      postJson({ message: message('Tea') }, V1_HEADERS),
    );
    const frames = await readSseFrames(response);
    expect(frames[0]?.data).toHaveProperty('task');
    expect(frames.at(-1)?.data).toMatchObject({
      statusUpdate: { status: { state: 'TASK_STATE_COMPLETED' } },
    });
  });

  it('answers a subscribe to a finished task with a plain error, and an unknown one with 404', async () => {
    const app = createApp();
    const sent = await app.request(`${BASE}/message:send`, postJson({ message: message('Tea') }, V1_HEADERS));
    const { task } = (await sent.json()) as { task: { id: string } };
    const finished = await app.request(`${BASE}/tasks/${task.id}:subscribe`, { headers: V1_HEADERS });
    const unknown = await app.request(`${BASE}/tasks/nope:subscribe`, { headers: V1_HEADERS });
    expect(finished.headers.get('Content-Type')).toBe('application/json');
    expect(await finished.json()).toMatchObject({
      error: { code: 400, details: [{ reason: 'UNSUPPORTED_OPERATION' }] },
    });
    expect([unknown.status, await unknown.json()]).toMatchObject([404, { error: { status: 'NOT_FOUND' } }]);
  });

  it('runs a 0.3 send and answers in 0.3 REST shapes', async () => {
    const app = createApp();
    const response = await app.request(
      `${BASE}/v1/message:send`,
      postJson({
        message: { messageId: 'm-1', role: 'ROLE_USER', content: [{ text: 'Tea' }] },
        configuration: { blocking: true },
      }),
    );
    expect(await response.json()).toMatchObject({
      task: {
        status: { state: 'TASK_STATE_COMPLETED' },
        artifacts: [{ artifactId: 'outline', parts: [{ text: '# Tea' }] }],
        history: [{ messageId: 'm-1', role: 'ROLE_USER', content: [{ text: 'Tea' }] }],
      },
    });
  });
});
