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
});
