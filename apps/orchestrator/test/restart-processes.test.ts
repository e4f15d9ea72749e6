import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SummarySchema } from '@baton/chain';
import { type AppProcess, startAppProcess } from '@baton/chain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunView } from '../src/run/run-types.ts';

const folder = mkdtempSync(join(tmpdir(), 'baton-orchestrator-restart-'));
const apps: AppProcess[] = [];
const sqlite = (name: string) => ({
  BATON_STORE: `sqlite:${join(folder, `${name}.db`)}`,
  BATON_LEASE_TTL_MS: '500',
});

async function runView(base: string, runId: string): Promise<RunView> {
  const response = await fetch(`${base}/runs/${runId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as RunView;
}

async function waitFor(base: string, runId: string, status: RunView['status']): Promise<RunView> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const view = await runView(base, runId);
    if (view.status === status || Date.now() > deadline) return view;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the orchestrator killed in the middle of a run', () => {
  let agentUrls = '';

  beforeAll(async () => {
    const agents = await Promise.all(
      ['outline-agent', 'doc-agent', 'summary-agent'].map((app) => startAppProcess(app, sqlite(app))),
    );
    apps.push(...agents);
    agentUrls = agents.map((agent) => agent.url).join(',');
  }, 30_000);

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop('SIGKILL')));
    rmSync(folder, { recursive: true, force: true });
  });

  it('resumes the run after a restart: same run id and task ids, the step re-attached, not sent again', async () => {
    const env = { ...sqlite('orchestrator'), AGENT_URLS: agentUrls };
    const first = await startAppProcess('orchestrator', env);
    apps.push(first);
    // No topic: the outline agent asks for one, so the run waits in its first step.
    const started = await fetch(`${first.url}/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ topic: '' }),
    });
    const { runId } = (await started.json()) as { runId: string };
    const waiting = await waitFor(first.url, runId, 'input-required');
    expect(waiting.status).toBe('input-required');
    const outlineTask = waiting.steps[0]?.taskId;
    expect(outlineTask).toBeDefined();
    await first.stop('SIGKILL');

    const second = await startAppProcess('orchestrator', env);
    apps.push(second);
    const resumed = await waitFor(second.url, runId, 'input-required');
    expect(resumed).toMatchObject({ runId, contextId: waiting.contextId, status: 'input-required' });
    expect(resumed.steps[0]?.taskId).toBe(outlineTask);
    const answered = await fetch(`${second.url}/runs/${runId}/answer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answer: 'The history of tea' }),
    });
    expect(answered.status).toBe(200);
    const done = await waitFor(second.url, runId, 'completed');
    expect(done.status).toBe('completed');
    expect(done.steps.map((step) => step.state)).toEqual([
      'TASK_STATE_COMPLETED',
      'TASK_STATE_COMPLETED',
      'TASK_STATE_COMPLETED',
    ]);
    expect(done.steps[0]?.taskId).toBe(outlineTask);
    expect(SummarySchema.parse(done.artifacts.summary).title).toMatch(/tea/i);

    // The timeline kept across the restart: started, asked, resumed, asked again, answered, completed.
    const timeline = await (await fetch(`${second.url}/runs/${runId}/events`)).text();
    const types = [...timeline.matchAll(/^event: (.+)$/gm)].map((match) => match[1]);
    expect(types.filter((type) => type === 'run.started')).toHaveLength(1);
    expect(types.filter((type) => type === 'step.started')).toHaveLength(3);
    expect(types).toContain('run.resumed');
    expect(types.at(-1)).toBe('run.completed');
    await second.stop();

    // And after a clean restart the finished run is still there, with the same ids.
    const third = await startAppProcess('orchestrator', env);
    apps.push(third);
    expect(await runView(third.url, runId)).toMatchObject({ runId, status: 'completed' });

    // It can still be refined: the run is read back from the records and held again.
    const refined = await fetch(`${third.url}/runs/${runId}/refine`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ step: 'summary', instruction: 'in one sentence', wait: true }),
    });
    expect(refined.status).toBe(200);
    const view = (await refined.json()) as RunView;
    expect(view.status).toBe('completed');
    const summaries = view.steps[2]?.versions ?? [];
    expect(summaries.map((version) => version.version)).toEqual([1, 2]);
    expect(summaries[0]?.taskId).toBe(done.steps[2]?.taskId);
    expect(SummarySchema.parse(summaries[1]?.artifact).summary).not.toBe(
      SummarySchema.parse(summaries[0]?.artifact).summary,
    );
    await third.stop();
    const fourth = await startAppProcess('orchestrator', env);
    apps.push(fourth);
    expect((await runView(fourth.url, runId)).steps[2]?.version).toBe(2);
  }, 60_000);

  it('holds a planned run waiting for approval across a kill -9, and runs the plan once approved on the next', async () => {
    const env = { ...sqlite('orchestrator-plans'), AGENT_URLS: agentUrls };
    const first = await startAppProcess('orchestrator', env);
    apps.push(first);
    const started = await fetch(`${first.url}/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ goal: 'Explain how glaciers shape valleys', approve: true }),
    });
    expect(started.status).toBe(202);
    const { runId } = (await started.json()) as { runId: string };
    const waiting = await waitFor(first.url, runId, 'input-required');
    expect(waiting.approvals?.[0]).toMatchObject({ status: 'pending', step: 'approve-plan' });
    await first.stop('SIGKILL');

    const second = await startAppProcess('orchestrator', env);
    apps.push(second);
    const held = await waitFor(second.url, runId, 'input-required');
    expect(held.approvals?.[0]).toMatchObject({
      status: 'pending',
      artifact: waiting.approvals?.[0]?.artifact,
    });
    expect(held.plan).toEqual(waiting.plan);
    const approved = await fetch(`${second.url}/runs/${runId}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(approved.status).toBe(200);
    const done = await waitFor(second.url, runId, 'completed');
    expect(done.status).toBe('completed');
    expect(done.instances?.map((instance) => instance.step)).toEqual(['outline', 'document']);
    await second.stop();
  }, 60_000);
});
