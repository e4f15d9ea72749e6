import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SummarySchema } from '@baton/chain';
import { type AppProcess, startAppProcess } from '@baton/chain/testing';
import { createA2AClient } from '@baton/client';
import { realService } from '@baton/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunEvent, RunView } from '../src/run/run-types.ts';
import { dropDatabase, freshDatabase } from './postgres-database.ts';

const postgres = await realService('PostgreSQL');
const database = `baton_orchestrators_${process.pid}`;
const folder = mkdtempSync(join(tmpdir(), 'baton-orchestrators-'));
const apps: AppProcess[] = [];

const post = async (base: string, path: string, body: unknown) => {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const view = async (base: string, runId: string) =>
  (await (await fetch(`${base}/runs/${runId}`)).json()) as RunView;

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The run's timeline as kept, from the SSE stream of `base`. */
async function timeline(base: string, runId: string): Promise<RunEvent[]> {
  const text = await (await fetch(`${base}/runs/${runId}/events`)).text();
  return [...text.matchAll(/^data: (.+)$/gm)].map((match) => JSON.parse(match[1] ?? '{}') as RunEvent);
}

describe.skipIf(!postgres.available)('two orchestrators on one PostgreSQL', () => {
  let agentUrls: string[] = [];
  let url = '';
  const orchestratorEnv = () => ({
    BATON_STORE: url,
    BATON_RUN_LEASE_MS: '2000',
    AGENT_URLS: agentUrls.join(','),
    LOG_LEVEL: 'warn',
  });

  beforeAll(async () => {
    url = await freshDatabase(postgres.url, database);
    const agents = await Promise.all(
      ['outline-agent', 'doc-agent', 'summary-agent'].map((app) =>
        startAppProcess(app, {
          BATON_STORE: `sqlite:${join(folder, `${app}.db`)}`,
          // The document takes a few seconds, so runs are in flight when an orchestrator dies.
          BATON_OFFLINE_CHUNK_DELAY_MS: '250',
          LOG_LEVEL: 'error',
        }),
      ),
    );
    apps.push(...agents);
    agentUrls = agents.map((agent) => agent.url);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop('SIGKILL')));
    rmSync(folder, { recursive: true, force: true });
    if (postgres.available) {
      await dropDatabase(postgres.url, database);
    }
  });

  it('serve any run from either instance, and one takes over the runs of the other after kill -9', async () => {
    const a = await startAppProcess('orchestrator', orchestratorEnv(), 30_000);
    const b = await startAppProcess('orchestrator', orchestratorEnv(), 30_000);
    apps.push(a, b);

    // Runs started on either instance; any instance reads them.
    const started: string[] = [];
    for (let index = 0; index < 8; index += 1) {
      const on = index % 2 === 0 ? a : b;
      const answer = await post(on.url, '/runs', { topic: `Topic number ${index}` });
      expect(answer.status).toBe(202);
      started.push(String(answer.body.runId));
    }
    for (const runId of started) expect((await view(b.url, runId)).runId).toBe(runId);

    // A question asked on one instance's run, answered through the other.
    const asking = String((await post(a.url, '/runs', { topic: '' })).body.runId);
    await until(
      'the run asks for a topic',
      () => view(b.url, asking),
      (v) => v.status === 'input-required',
    );
    const answered = await post(b.url, `/runs/${asking}/answer`, { answer: 'The history of tea' });
    expect(answered.status).toBe(200);

    // A cancel through the other instance is kept before it is answered.
    const canceled = String((await post(b.url, '/runs', { topic: 'To be canceled' })).body.runId);
    await until(
      'its document is under way',
      () => view(a.url, canceled),
      (v) => v.steps[1]?.taskId !== undefined,
    );
    const cancel = await post(a.url, `/runs/${canceled}/cancel`, {});
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe('canceled');

    // Instance a dies mid-load: b goes on with a's runs within the lease.
    await until(
      'runs are under way',
      () => Promise.all(started.map((runId) => view(b.url, runId))),
      (views) => views.some((v) => v.status === 'running' && v.steps[1]?.taskId !== undefined),
    );
    await a.stop('SIGKILL');
    const all = [...started, asking];
    const ended = await until(
      'every run ended',
      () => Promise.all(all.map((runId) => view(b.url, runId))),
      (views) => views.every((v) => v.status === 'completed'),
      90_000,
    ).catch((error: unknown) => {
      // What the surviving instance said is the first thing to read when this fails.
      console.error(`orchestrator b said:\n${b.output().slice(-5_000)}`);
      throw error;
    });
    for (const done of ended) expect(SummarySchema.parse(done.result).summary.length).toBeGreaterThan(0);
    expect(SummarySchema.parse(ended.at(-1)?.result).title).toMatch(/tea/i);
    expect((await view(b.url, canceled)).status).toBe('canceled');

    // Each run's timeline is whole (numbered without a gap), each step sent once, a taken-over run resumed.
    let resumed = 0;
    for (const runId of all) {
      const events = await timeline(b.url, runId);
      expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
      const startedSteps = events.filter((event) => event.type === 'step.started').map((event) => event.step);
      expect(startedSteps.sort()).toEqual(['document', 'outline', 'summary']);
      if (events.some((event) => event.type === 'run.resumed')) resumed += 1;
    }
    expect(resumed).toBeGreaterThan(0);

    // Exactly one agent task per step: the agents hold one task per run's context each.
    for (const agentUrl of agentUrls) {
      const client = await createA2AClient({ agent: agentUrl });
      for (const done of ended) {
        const { tasks } = await client.listTasks({ contextId: done.contextId });
        expect(tasks, `${agentUrl} tasks of ${done.runId}`).toHaveLength(1);
      }
    }
    await b.stop();
  }, 180_000);

  it('go on with sections runs mid-map after the instance driving them is killed: no section written twice', async () => {
    const c = await startAppProcess('orchestrator', orchestratorEnv(), 30_000);
    const d = await startAppProcess('orchestrator', orchestratorEnv(), 30_000);
    apps.push(c, d);
    const started: string[] = [];
    for (let index = 0; index < 10; index += 1) {
      const answer = await post(c.url, '/runs', { topic: `Sectioned topic ${index}`, chain: 'sections' });
      expect(answer.status).toBe(202);
      started.push(String(answer.body.runId));
    }
    // Killed while sections are being written: some done, some under way.
    await until(
      'sections are being written',
      () => Promise.all(started.map((runId) => view(d.url, runId))),
      (views) =>
        views.some((v) =>
          (v.instances ?? []).some((i) => i.step === 'section' && i.outcome === 'completed'),
        ) &&
        views.some((v) => (v.instances ?? []).some((i) => i.step === 'section' && i.outcome === undefined)),
    );
    await c.stop('SIGKILL');
    const ended = await until(
      'every sections run ended',
      () => Promise.all(started.map((runId) => view(d.url, runId))),
      (views) => views.every((v) => v.status === 'completed'),
      120_000,
    ).catch((error: unknown) => {
      console.error(`orchestrator d said:\n${d.output().slice(-5_000)}`);
      throw error;
    });
    const doc = await createA2AClient({ agent: agentUrls[1] ?? '' });
    let resumed = 0;
    for (const done of ended) {
      const instances = done.instances ?? [];
      const sections = instances.filter((instance) => instance.step === 'section');
      expect(sections.length).toBeGreaterThanOrEqual(1);
      expect(new Set(sections.map((instance) => instance.index)).size).toBe(sections.length);
      const events = await timeline(d.url, done.runId);
      expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
      // Each section begun once, and each of the doc agent's instances is one task there: nothing written twice.
      const begun = events.filter((event) => event.type === 'step.started' && event.step === 'section');
      expect(begun).toHaveLength(sections.length);
      const atDocAgent = instances.filter((instance) =>
        ['section', 'rewritten', 'draft', 'revised'].includes(instance.step),
      );
      const { tasks } = await doc.listTasks({ contextId: done.contextId });
      expect(new Set(tasks.map((task) => task.id))).toEqual(
        new Set(atDocAgent.map((instance) => instance.taskId)),
      );
      if (events.some((event) => event.type === 'run.resumed')) resumed += 1;
    }
    expect(resumed).toBeGreaterThan(0);
    await d.stop();
  }, 240_000);
});
