/**
 * Approval steps over real HTTP on 127.0.0.1: a run waits for a person (the runs API, or a reply on the
 * orchestrator's own A2A task), goes on with the artifact approved or edited, fails when rejected, lets a timeout
 * decide, and keeps a pending approval across an orchestrator that stops.
 */
import { createA2AClient, userMessage } from '@baton/client';
import { messageText } from '@baton/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunEvent, RunView } from '../src/run/run-types.ts';
import { createOutageRecords } from './outage-records.ts';
import {
  type ProbeAgent,
  postJson,
  probeOrchestrator,
  startProbeAgent,
  probeStep as step,
  untilRun,
} from './probe-agent.ts';
import { serveApp } from './serve-app.ts';

let probe: ProbeAgent;
beforeAll(async () => {
  probe = await startProbeAgent();
});
afterAll(() => probe.close());

const gated = (name: string, approval: object = {}) => ({
  name,
  description: 'a, a person approves it, then b on what was approved',
  steps: [
    step('a', 'test.slow'),
    { id: 'gate', dependsOn: ['a'], approval: { prompt: 'Publish a?', show: 'a', ...approval } },
    {
      id: 'b',
      skill: 'test.slow',
      dependsOn: ['gate'],
      send: [{ text: `test.slow b-${name}` }, { artifact: 'gate' }],
    },
  ],
  result: 'b',
});

const pending = (view: RunView) => view.approvals?.some((approval) => approval.status === 'pending') === true;
const receivedB = (name: string) =>
  probe.received.filter((entry) => messageText(entry.message).includes(`b-${name}`));

async function eventsOf(app: { request: (path: string) => Response | Promise<Response> }, runId: string) {
  const text = await (await app.request(`/runs/${runId}/events`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => JSON.parse(line.slice(5)) as RunEvent);
}

async function startWaiting(name: string, approval: object = {}) {
  const app = probeOrchestrator([probe.url], [gated(name, approval)]);
  const { body } = await postJson<{ runId: string }>(app, '/runs', { chain: name, topic: 't' });
  const waiting = await untilRun(app, body.runId, pending);
  return { app, runId: body.runId, waiting };
}

describe('an approval step', () => {
  it('waits for a person, shows the artifact, and goes on with it once approved', async () => {
    const { app, runId, waiting } = await startWaiting('approved');
    expect(waiting.status).toBe('input-required');
    expect(waiting.approvals?.[0]).toMatchObject({
      key: 'gate',
      step: 'gate',
      prompt: 'Publish a?',
      status: 'pending',
      artifact: { step: 'test.slow a' },
    });
    expect(receivedB('approved')).toHaveLength(0);
    const approved = await postJson(app, `/runs/${runId}/approve`, { comment: 'fine' });
    expect(approved.status).toBe(200);
    const done = await app.runs.ended(runId);
    expect(done.status).toBe('completed');
    expect(done.approvals?.[0]).toMatchObject({ status: 'approved', by: 'person', comment: 'fine' });
    expect(receivedB('approved')[0]?.message.parts[1]).toMatchObject({ data: { step: 'test.slow a' } });
    const events = await eventsOf(app, runId);
    const decided = events.findIndex((event) => event.type === 'approval.decided');
    const bStarted = events.findIndex((event) => event.type === 'step.started' && event.step === 'b');
    expect(events.findIndex((event) => event.type === 'approval.requested')).toBeLessThan(decided);
    expect(decided).toBeLessThan(bStarted);
    expect((await postJson(app, `/runs/${runId}/approve`, {})).status).toBe(409);
  });

  it('goes on with the artifact as the person edited it', async () => {
    const { app, runId } = await startWaiting('edited');
    await postJson(app, `/runs/${runId}/approve`, { artifact: { step: 'edited by a person' } });
    const done = await app.runs.ended(runId);
    expect(done.status).toBe('completed');
    expect(done.artifacts.gate).toEqual({ step: 'edited by a person' });
    expect(receivedB('edited')[0]?.message.parts[1]).toMatchObject({ data: { step: 'edited by a person' } });
  });

  it('fails the run when rejected, and nothing after it runs', async () => {
    const { app, runId } = await startWaiting('rejected');
    expect((await postJson(app, `/runs/${runId}/approve`, { step: 'nope' })).status).toBe(400);
    const rejected = await postJson(app, `/runs/${runId}/reject`, { comment: 'not yet' });
    expect(rejected.status).toBe(200);
    const done = await app.runs.ended(runId);
    expect(done.status).toBe('failed');
    expect(done.error).toMatchObject({ code: 'APPROVAL_REJECTED', step: 'gate' });
    expect(done.error?.message).toContain('not yet');
    expect(receivedB('rejected')).toHaveLength(0);
  });

  it('is decided by its timeout policy when nobody decides in time', async () => {
    const app = probeOrchestrator([probe.url], [gated('timed', { timeoutMs: 1_000, onTimeout: 'approve' })]);
    const done = await postJson(app, '/runs', { chain: 'timed', topic: 't', wait: true });
    expect(done.body.status).toBe('completed');
    expect(done.body.approvals?.[0]).toMatchObject({ status: 'approved', by: 'timeout' });
  });

  it('stays pending across an orchestrator that stops, and is approved on the next', async () => {
    const records = createOutageRecords();
    const chain = gated('held');
    const first = probeOrchestrator([probe.url], [chain], { runRecords: records });
    const { body } = await postJson<{ runId: string }>(first, '/runs', { chain: 'held', topic: 't' });
    await untilRun(first, body.runId, pending);
    await first.close();
    const second = probeOrchestrator([probe.url], [chain], { runRecords: records });
    expect(await second.resumeRuns()).toBe(1);
    const waiting = await untilRun(second, body.runId, pending);
    expect(waiting.status).toBe('input-required');
    expect((await postJson(second, `/runs/${body.runId}/approve`, {})).status).toBe(200);
    const done = await second.runs.ended(body.runId);
    expect(done.status).toBe('completed');
    const events = (await records.load(body.runId))?.events ?? [];
    expect(events.filter((event) => event.type === 'approval.requested')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'step.started' && event.step === 'a')).toHaveLength(1);
    await second.close();
  });

  it("asks an A2A caller with input-required on the orchestrator's own task, and takes its reply", async () => {
    const app = probeOrchestrator([probe.url], [gated('over-a2a')]);
    const server = await serveApp(app);
    try {
      const client = await createA2AClient({ agent: server.url });
      const first = await client.sendMessage(
        { message: userMessage('a topic') },
        { skillId: 'baton.chain.over-a2a', returnImmediately: false },
      );
      const task = 'task' in first ? first.task : undefined;
      expect(task?.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
      expect(task?.status.message && messageText(task.status.message)).toContain('Publish a?');
      expect(task?.status.message?.parts.find((part) => 'data' in part)).toMatchObject({
        data: { step: 'test.slow a' },
      });
      // An unclear reply is asked again; "approve" goes on.
      const unclear = await client.sendMessage({
        message: userMessage('maybe', { taskId: task?.id ?? '', contextId: task?.contextId ?? '' }),
      });
      expect('task' in unclear && unclear.task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
      const replied = await client.sendMessage({
        message: userMessage('approve: looks right', {
          taskId: task?.id ?? '',
          contextId: task?.contextId ?? '',
        }),
      });
      expect('task' in replied && replied.task.status.state).toBe('TASK_STATE_COMPLETED');
      const runs = (await (await app.request('/runs?limit=1')).json()) as { runs: RunView[] };
      expect(runs.runs[0]?.approvals?.[0]).toMatchObject({ status: 'approved', comment: 'looks right' });
    } finally {
      await server.close();
    }
  });
});
