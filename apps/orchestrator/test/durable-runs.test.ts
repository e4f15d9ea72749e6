import { createA2AClient, userMessage } from '@baton/client';
import type { RunningA2AServer } from '@baton/server/node';
import { afterEach, describe, expect, it } from 'vitest';
import { createOrchestrator } from '../src/create-orchestrator.ts';
import type { RunEvent, RunView } from '../src/run/run-types.ts';
import { createOutageRecords, type OutageRecords } from './outage-records.ts';
import { type StandInOptions, startStandIn } from './stand-in-agents.ts';

const running: RunningA2AServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});
const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };

async function startChain(records: OutageRecords, options: StandInOptions = {}) {
  const agents = await Promise.all(
    (['outline', 'document', 'summary'] as const).map((step) => startStandIn(step, options)),
  );
  running.push(...agents);
  const urls = agents.map((agent) => agent.url);
  const orchestrator = () =>
    createOrchestrator({ agents: urls, logger: quiet, runRecords: records, console: false });
  return { app: orchestrator(), orchestrator, urls };
}

const post = (app: ReturnType<typeof createOrchestrator>, path: string, body: unknown) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The frames of an SSE body: each event's id, name and parsed data. */
function framesOf(text: string) {
  return text
    .split('\n\n')
    .filter((frame) => frame.includes('data:'))
    .map((frame) => {
      const field = (name: string) => frame.match(new RegExp(`^${name}: ?(.*)$`, 'm'))?.[1];
      return { id: field('id'), event: field('event'), data: JSON.parse(field('data') ?? '{}') as RunEvent };
    });
}

describe('runs that nothing loses', () => {
  it('numbers every event as its SSE id, and a reader resumes after the one it saw last', async () => {
    const { app } = await startChain(createOutageRecords());
    const run = (await (await post(app, '/runs', { topic: 'tea', wait: true })).json()) as RunView;
    const all = framesOf(await (await app.request(`/runs/${run.runId}/events`)).text());
    expect(all.map((frame) => Number(frame.id))).toEqual(all.map((_, index) => index + 1));
    expect(all.every((frame) => frame.event === frame.data.type && Number(frame.id) === frame.data.seq)).toBe(
      true,
    );
    const resumed = framesOf(
      await (await app.request(`/runs/${run.runId}/events`, { headers: { 'Last-Event-ID': '4' } })).text(),
    );
    expect(resumed).toEqual(all.slice(4));
    expect(
      framesOf(await (await app.request(`/runs/${run.runId}/events?after=${all.length}`)).text()),
    ).toEqual([]);
    const bad = await app.request(`/runs/${run.runId}/events`, { headers: { 'Last-Event-ID': 'soon' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'INVALID_EVENT_ID' } });
  });

  it('answers 503 STORE_UNAVAILABLE while the records are down, and runs in flight wait and complete after', async () => {
    const records = createOutageRecords();
    const { app } = await startChain(records, { sectionDelayMs: 150 });
    const started = await post(app, '/runs', { topic: 'tea' });
    expect(started.status).toBe(202);
    const { runId } = (await started.json()) as { runId: string };
    await new Promise((resolve) => setTimeout(resolve, 100));
    records.down = true;
    // Let the journal find out (its next commit fails), then every write is refused up front.
    for (let tries = 0; app.journal.unavailableSince === undefined && tries < 100; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const refused = await post(app, '/runs', { topic: 'coffee' });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(await refused.json()).toMatchObject({ error: { code: 'STORE_UNAVAILABLE' } });
    expect((await app.request('/runs?limit=5')).status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 600));
    records.down = false;

    const done = await app.runs.ended(runId);
    expect(done.status).toBe('completed');
    const kept = await records.load(runId);
    expect(kept?.view.status).toBe('completed');
    expect(kept?.events.map((event) => event.seq)).toEqual(kept?.events.map((_, index) => index + 1));
    expect(kept?.events.filter((event) => event.type === 'step.started')).toHaveLength(3);
    expect(kept?.events.at(-1)?.type).toBe('run.completed');
    // The refused run was never taken: only the first run is kept.
    expect((await records.recent(10)).map((view) => view.runId)).toEqual([runId]);
  });

  it('keeps a cancel before answering it: a canceled run never comes back', async () => {
    const records = createOutageRecords();
    const { app, orchestrator } = await startChain(records, { sectionDelayMs: 2_000 });
    const { runId } = (await (await post(app, '/runs', { topic: 'tea' })).json()) as { runId: string };
    for (let tries = 0; tries < 100; tries += 1) {
      const view = (await (await app.request(`/runs/${runId}`)).json()) as RunView;
      if (view.steps[1]?.taskId !== undefined) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const canceled = await post(app, `/runs/${runId}/cancel`, {});
    expect(canceled.status).toBe(200);
    expect(((await canceled.json()) as RunView).status).toBe('canceled');
    expect((await records.load(runId))?.view.status).toBe('canceled');
    // Its timeline ends with the cancel: a reader's stream closes there.
    const timeline = framesOf(await (await app.request(`/runs/${runId}/events`)).text());
    expect(timeline.at(-1)?.event).toBe('run.canceled');
    // Another orchestrator on the same records (a restart) finds nothing to resume.
    expect(await orchestrator().resumeRuns()).toBe(0);
  });

  it('sends a step again after a crash with the same message id: the agent makes no second task', async () => {
    const records = createOutageRecords();
    const { orchestrator, urls } = await startChain(records);
    const [outlineUrl] = urls as [string];
    const runId = 'crashed-run';
    const contextId = 'crashed-context';
    // The orchestrator had kept `step.started` and sent the outline's message, then died before hearing back.
    const outline = await createA2AClient({ agent: outlineUrl });
    const sent = await outline.sendMessage(
      userMessage('tea', { contextId, messageId: `${runId}:0:outline:1` }),
    );
    const view: RunView = {
      runId,
      chain: 'default',
      contextId,
      topic: 'tea',
      status: 'running',
      createdAt: new Date().toISOString(),
      steps: [
        { step: 'outline', skill: 'baton.outline', dependsOn: [], attempts: 1 },
        { step: 'document', skill: 'baton.document', dependsOn: ['outline'] },
        { step: 'summary', skill: 'baton.summary', dependsOn: ['document'] },
      ],
      artifacts: {},
    };
    const at = new Date().toISOString();
    await records.commit([
      {
        runId,
        events: [
          { runId, seq: 1, at, type: 'run.started', contextId, topic: 'tea', chain: 'default' },
          { runId, seq: 2, at, type: 'step.started', step: 'outline', agent: { name: 'x', url: outlineUrl } },
        ],
        view: { json: JSON.stringify(view), status: 'running' },
      },
    ]);

    const app = orchestrator();
    expect(await app.resumeRuns()).toBe(1);
    const done = await app.runs.ended(runId);
    expect(done.status).toBe('completed');
    expect('task' in sent && done.steps[0]?.taskId === sent.task.id).toBe(true);
    const { tasks } = await outline.listTasks({ contextId });
    expect(tasks).toHaveLength(1);
    const kept = await records.load(runId);
    expect(kept?.events.filter((event) => event.type === 'step.started').map((event) => event.step)).toEqual([
      'outline',
      'document',
      'summary',
    ]);
  });
});
