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
});
