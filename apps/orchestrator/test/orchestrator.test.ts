import { DocumentSchema, OutlineSchema, SummarySchema } from '@baton/chain';
import { createA2AClient } from '@baton/client';
import type { RunningA2AServer } from '@baton/server/node';
import { afterEach, describe, expect, it } from 'vitest';
import { createOrchestrator } from '../src/create-orchestrator.ts';
import type { RunEvent, RunView } from '../src/run/run-types.ts';
import { type StandInOptions, startStandIn } from './stand-in-agents.ts';

const running: RunningA2AServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function startChain(options: StandInOptions = {}) {
  const agents = await Promise.all(
    (['summary', 'outline', 'document'] as const).map((step) => startStandIn(step, options)),
  );
  running.push(...agents);
  const [summary, outline, document] = agents as [RunningA2AServer, RunningA2AServer, RunningA2AServer];
  const app = createOrchestrator({
    agents: agents.map((agent) => agent.url),
    logger: { error: () => {}, warn: () => {} },
    // An agent that goes away is given up on quickly here (the default waits a minute for it).
    agentRetryMs: 300,
  });
  return { app, urls: { outline: outline.url, document: document.url, summary: summary.url } };
}

const post = (app: ReturnType<typeof createOrchestrator>, path: string, body: unknown) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function waitForStatus(app: ReturnType<typeof createOrchestrator>, runId: string, status: string) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const view = (await (await app.request(`/runs/${runId}`)).json()) as RunView;
    if (view.status === status) return view;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`run ${runId} never reached ${status}`);
}

describe('the runs API', () => {
  it('runs the chain under one context, picking agents by skill whatever their order', async () => {
    const { app, urls } = await startChain();
    const response = await post(app, '/runs', { topic: 'tea', wait: true });
    expect(response.status).toBe(200);
    const run = (await response.json()) as RunView;
    expect(run.status).toBe('completed');
    expect(OutlineSchema.parse(run.artifacts.outline).topic).toBe('tea');
    expect(DocumentSchema.parse(run.artifacts.document).sections).toHaveLength(2);
    expect(SummarySchema.parse(run.artifacts.summary).keyPoints).toEqual(['Origins', 'Today']);
    expect(run.steps.map((step) => step.agent?.url)).toEqual([urls.outline, urls.document, urls.summary]);
    const tasks = await Promise.all(
      run.steps.map(async (step) =>
        (await createA2AClient({ agent: step.agent?.url ?? '' })).getTask(step.taskId ?? ''),
      ),
    );
    expect(tasks.map((task) => task.contextId)).toEqual([run.contextId, run.contextId, run.contextId]);
    expect(tasks.map((task) => task.status.state)).toEqual(Array(3).fill('TASK_STATE_COMPLETED'));
    expect(tasks[1]?.history?.[0]?.referenceTaskIds).toEqual([tasks[0]?.id]);
    expect(tasks[2]?.history?.[0]?.referenceTaskIds).toEqual([tasks[1]?.id]);
  });

  it('streams progress as SSE events, ending with run.completed', async () => {
    const { app } = await startChain({ sectionDelayMs: 20 });
    const { runId } = (await (await post(app, '/runs', { topic: 'tea' })).json()) as { runId: string };
    const text = await (await app.request(`/runs/${runId}/events`)).text();
    const events = text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as RunEvent);
    const types = events.map((event) => event.type);
    expect(types[0]).toBe('run.started');
    expect(types.at(-1)).toBe('run.completed');
    expect(types.filter((type) => type === 'step.started')).toHaveLength(3);
    const chunks = events.filter((event) => event.type === 'artifact.chunk' && event.step === 'document');
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain('event: artifact.completed');
  });

  it('waits for input when the outline agent asks, and resumes the same remote task on answer', async () => {
    const { app } = await startChain();
    const { runId } = (await (await post(app, '/runs', { topic: '' })).json()) as { runId: string };
    const waiting = await waitForStatus(app, runId, 'input-required');
    expect(waiting.question).toEqual({ step: 'outline', text: 'What topic should the outline cover?' });
    const askedTask = waiting.steps[0]?.taskId;
    expect((await post(app, `/runs/${runId}/answer`, { answer: 'coffee' })).status).toBe(200);
    const done = await waitForStatus(app, runId, 'completed');
    expect(done.artifacts.outline?.topic).toBe('coffee');
    expect(done.steps[0]?.taskId).toBe(askedTask);
  });

  it('cancels the running remote task when the run is canceled', async () => {
    const { app } = await startChain({ sectionDelayMs: 2_000 });
    const { runId } = (await (await post(app, '/runs', { topic: 'tea' })).json()) as { runId: string };
    let view = await waitForStatus(app, runId, 'running');
    for (let attempt = 0; attempt < 100 && view.steps[1]?.taskId === undefined; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      view = (await (await app.request(`/runs/${runId}`)).json()) as RunView;
    }
    const response = await post(app, `/runs/${runId}/cancel`, {});
    expect(response.status).toBe(200);
    expect(((await response.json()) as RunView).status).toBe('canceled');
    const step = view.steps[1];
    const client = await createA2AClient({ agent: step?.agent?.url ?? '' });
    expect((await client.getTask(step?.taskId ?? '')).status.state).toBe('TASK_STATE_CANCELED');
  });

  it('fails with a clear error naming the step and the agent when an artifact breaks the contract', async () => {
    const { app, urls } = await startChain({ invalidDocument: true });
    const run = (await (await post(app, '/runs', { topic: 'tea', wait: true })).json()) as RunView;
    expect(run.status).toBe('failed');
    expect(run.error?.code).toBe('INVALID_ARTIFACT');
    expect(run.error?.step).toBe('document');
    expect(run.error?.message).toContain(
      `the document step (agent "Stand-in document agent" at ${urls.document})`,
    );
    expect(run.error?.message).toContain('sections');
  });

  it('fails naming the step and the URL when an agent is down', async () => {
    const { app, urls } = await startChain();
    await running.find((server) => server.url === urls.summary)?.close();
    const run = (await (await post(app, '/runs', { topic: 'tea', wait: true })).json()) as RunView;
    expect(run.status).toBe('failed');
    expect(run.error?.code).toBe('NO_AGENT');
    expect(run.error?.message).toContain('summary step');
    expect(run.error?.message).toContain(urls.summary);
  });

  it('fails naming the step and the URL when an agent goes down after discovery', async () => {
    const { app, urls } = await startChain();
    expect(((await (await post(app, '/runs', { topic: 'tea', wait: true })).json()) as RunView).status).toBe(
      'completed',
    );
    await running.find((server) => server.url === urls.summary)?.close();
    const run = (await (await post(app, '/runs', { topic: 'tea', wait: true })).json()) as RunView;
    expect(run.status).toBe('failed');
    expect(run.error?.step).toBe('summary');
    expect(run.error?.message).toContain(urls.summary);
  });

  it.each([
    ['/runs', 'not json', 'INVALID_JSON', 'JSON'],
    ['/runs', { topic: 3 }, 'INVALID_BODY', 'topic'],
    ['/runs', { topic: 'tea', options: { sections: 99 } }, 'INVALID_BODY', 'options.sections'],
    ['/runs', { topic: 'tea', wait: 'yes' }, 'INVALID_BODY', 'wait'],
  ])('answers 400 JSON naming what was wrong for POST %s %j', async (path, body, code, named) => {
    const app = createOrchestrator({ agents: ['http://127.0.0.1:9'] });
    const response = await app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    const error = ((await response.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe(code);
    expect(error.message).toContain(named);
  });

  it('answers 409 to an answer when the run has ended, and 404 JSON for unknown runs and routes', async () => {
    const { app } = await startChain();
    const run = (await (await post(app, '/runs', { topic: 'tea', wait: true })).json()) as RunView;
    const ended = await post(app, `/runs/${run.runId}/answer`, { answer: 'x' });
    expect(ended.status).toBe(409);
    expect(await ended.json()).toMatchObject({ error: { code: 'RUN_FINISHED' } });
    expect((await post(app, `/runs/${run.runId}/answer`, {})).status).toBe(400);
    for (const path of ['/runs/nope', '/runs/nope/events', '/nowhere']) {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
    expect((await post(app, '/runs/nope/cancel', {})).status).toBe(404);
  });
});

describe('what the console reads', () => {
  it('lists runs newest first with their live views, and refuses a bad limit', async () => {
    const { app } = await startChain();
    await post(app, '/runs', { topic: 'first', wait: true });
    await post(app, '/runs', { topic: 'second', wait: true });
    const listed = (await (await app.request('/runs?limit=10')).json()) as { runs: RunView[] };
    expect(listed.runs.map((run) => run.topic)).toEqual(['second', 'first']);
    expect(listed.runs.every((run) => run.status === 'completed')).toBe(true);
    expect((await (await app.request('/runs?limit=1')).json()) as { runs: RunView[] }).toMatchObject({
      runs: [{ topic: 'second' }],
    });
    const bad = await app.request('/runs?limit=lots');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'INVALID_LIMIT' } });
  });

  it('shows every configured agent: its card and steps when reachable, why not otherwise', async () => {
    const { urls } = await startChain();
    const app = createOrchestrator({
      agents: [urls.outline, 'http://127.0.0.1:9/nothing-here'],
      logger: { error: () => {}, warn: () => {} },
    });
    const { agents } = (await (await app.request('/agents')).json()) as {
      agents: {
        url: string;
        reachable: boolean;
        steps?: string[];
        card?: { name: string };
        error?: string;
      }[];
    };
    expect(agents[0]).toMatchObject({ url: urls.outline, reachable: true, steps: ['outline'] });
    expect(agents[0]?.card?.name).toEqual(expect.any(String));
    expect(agents[1]).toMatchObject({ reachable: false, error: expect.stringContaining('127.0.0.1:9') });
  });
});

describe('the console files', () => {
  it('serves the page, its script and its stylesheet from the orchestrator, with a strict policy', async () => {
    const app = createOrchestrator({ agents: [], logger: { error: () => {}, warn: () => {} } });
    const page = await app.request('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('<script type="module" src="/console/app.js">');
    const script = await app.request('/console/app.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await script.text()).length).toBeGreaterThan(10_000);
    expect((await app.request('/console/app.css')).status).toBe(200);
    expect((await app.request('/console/nothing.js')).status).toBe(404);
  });
});
