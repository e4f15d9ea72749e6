import { request } from 'node:http';
import { DocumentSchema, OutlineSchema, SummarySchema } from '@baton/chain';
import { type AppProcess, startAppProcess } from '@baton/chain/testing';
import { createA2AClient } from '@baton/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunView } from '../src/run/run-types.ts';

describe('the chain as four real processes', () => {
  let orchestrator = '';

  const apps: AppProcess[] = [];

  beforeAll(async () => {
    // In memory: this test must not share the SQLite files of a chain running on this machine.
    const env = { BATON_STORE: 'memory' };
    const agents = await Promise.all(
      ['outline-agent', 'doc-agent', 'summary-agent'].map((app) => startAppProcess(app, env)),
    );
    apps.push(...agents);
    const main = await startAppProcess('orchestrator', {
      ...env,
      AGENT_URLS: agents.map((a) => a.url).join(','),
    });
    apps.push(main);
    orchestrator = main.url;
  }, 20_000);

  afterAll(() => Promise.all(apps.map((app) => app.stop())));

  it('answers /healthz and /readyz on the orchestrator and every agent, also to a probe naming another host', async () => {
    for (const app of apps) {
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
      const ready = await fetch(`${app.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ready' });
    }
    // A Kubernetes probe names the pod's address as its Host and sends no credentials: the orchestrator's Host
    // check, which refuses such a request for anything else, lets the probes through.
    const probe = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const { port } = new URL(orchestrator);
        request({ host: '127.0.0.1', port, path, headers: { host: '10.1.2.3:4100' } }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
          .on('error', reject)
          .end();
      });
    expect(await probe('/readyz')).toBe(200);
    expect(await probe('/runs')).toBe(421);
    const ready = (await (await fetch(`${orchestrator}/readyz`)).json()) as {
      checks: Record<string, string>;
    };
    expect(ready.checks).toEqual({ runs: 'ok', engine: 'ok' });
  });

  it('runs a chain to completion over HTTP, every remote task in the run context', async () => {
    const response = await fetch(`${orchestrator}/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ topic: 'The history of tea', wait: true }),
    });
    expect(response.status).toBe(200);
    const run = (await response.json()) as RunView;
    expect(run.error).toBeUndefined();
    expect(run.status).toBe('completed');
    OutlineSchema.parse(run.artifacts.outline);
    DocumentSchema.parse(run.artifacts.document);
    SummarySchema.parse(run.artifacts.summary);
    for (const step of run.steps) {
      const client = await createA2AClient({ agent: step.agent?.url ?? '' });
      const task = await client.getTask(step.taskId ?? '');
      expect(task.contextId).toBe(run.contextId);
      expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    }
  }, 15_000);

  it('runs the shipped audiences chain: two summaries in parallel, for beginners and for experts, merged into a brief', async () => {
    const response = await fetch(`${orchestrator}/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ topic: 'Urban beekeeping', chain: 'audiences', wait: true }),
    });
    const run = (await response.json()) as RunView;
    expect(run.error).toBeUndefined();
    expect(run.status).toBe('completed');
    const beginners = SummarySchema.parse(run.artifacts['for-beginners']);
    const experts = SummarySchema.parse(run.artifacts['for-experts']);
    expect(beginners.title).toMatch(/, for beginners$/);
    expect(experts.title).toMatch(/, for experts$/);
    expect(beginners.summary).not.toBe(experts.summary);
    const brief = SummarySchema.parse(run.result);
    expect(brief.title).toMatch(/: a brief$/);
    const step = (id: string) => run.steps.find((shown) => shown.step === id);
    const client = await createA2AClient({ agent: step('brief')?.agent?.url ?? '' });
    const task = await client.getTask({ id: step('brief')?.taskId ?? '', historyLength: 10 });
    expect(task.history?.[0]?.referenceTaskIds).toEqual([
      step('for-beginners')?.taskId,
      step('for-experts')?.taskId,
    ]);
    expect(task.contextId).toBe(run.contextId);
  }, 20_000);

  it('refines the document shorter (version 2, the summary left as it was), then the outline for beginners with downstream: every step after it runs again', async () => {
    const post = async (path: string, body: object) => {
      const response = await fetch(`${orchestrator}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as RunView;
    };
    const run = await post('/runs', { topic: 'The history of coffee', wait: true });
    expect(run.status).toBe('completed');
    const step = (view: RunView, id: string) => view.steps.find((shown) => shown.step === id);

    const shorter = await post(`/runs/${run.runId}/refine`, {
      step: 'document',
      instruction: 'Make it shorter',
      wait: true,
    });
    expect(shorter.status).toBe('completed');
    const [v1, v2] = step(shorter, 'document')?.versions ?? [];
    expect(v2).toMatchObject({ version: 2, instruction: 'Make it shorter', refines: 1 });
    const before = DocumentSchema.parse(v1?.artifact);
    const after = DocumentSchema.parse(v2?.artifact);
    expect(after.title).toBe(before.title);
    expect(after.wordCount).toBeLessThan(before.wordCount * 0.8);
    expect(step(shorter, 'summary')?.versions).toHaveLength(1);
    const documentAgent = await createA2AClient({ agent: step(run, 'document')?.agent?.url ?? '' });
    const task = await documentAgent.getTask({ id: v2?.taskId ?? '', historyLength: 5 });
    expect(task.contextId).toBe(run.contextId);
    expect(task.history?.[0]?.referenceTaskIds).toEqual([v1?.taskId, step(run, 'outline')?.taskId]);
    expect(task.artifacts?.map((artifact) => artifact.name)).toEqual(['document']);

    const beginners = await post(`/runs/${run.runId}/refine`, {
      step: 'outline',
      instruction: 'Rewrite it for beginners',
      downstream: true,
      wait: true,
    });
    expect(beginners.status).toBe('completed');
    expect(beginners.refinements?.[1]).toMatchObject({ rerun: ['document', 'summary'], status: 'completed' });
    expect(OutlineSchema.parse(beginners.artifacts.outline).audience).toBe('beginners');
    expect(step(beginners, 'document')?.versions?.[2]).toMatchObject({
      version: 3,
      refines: 2,
      inputs: { outline: 2 },
    });
    expect(step(beginners, 'summary')?.versions?.[1]).toMatchObject({ version: 2, inputs: { document: 3 } });
    // Written for beginners: one detail per point where the first version gave two.
    const forBeginners = DocumentSchema.parse(beginners.artifacts.document);
    expect(forBeginners.markdown).not.toBe(before.markdown);
    expect(forBeginners.wordCount).toBeLessThan(before.wordCount);
    expect(beginners.result).toEqual(beginners.artifacts.summary);
    expect(beginners.result).not.toEqual(run.result);
  }, 30_000);
});
