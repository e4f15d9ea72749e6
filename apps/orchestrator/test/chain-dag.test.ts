/**
 * Chains as data over real HTTP on 127.0.0.1: probe agents (real A2A servers) record what they receive and
 * when, so the tests see the order steps ran in, their overlap, the tasks they name, retries, failures that stay
 * in their branch, and questions open on several steps at once.
 */
import { createA2AClient } from '@baton/client';
import { messageText } from '@baton/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInMemoryRunRecords } from '../src/run/run-records.ts';
import type { RunEvent, RunView } from '../src/run/run-types.ts';
import {
  type ProbeAgent,
  postJson,
  probeOrchestrator,
  startProbeAgent,
  probeStep as step,
  untilRun,
} from './probe-agent.ts';

let probe: ProbeAgent;
let received: ProbeAgent['received'];

beforeAll(async () => {
  probe = await startProbeAgent();
  received = probe.received;
});

afterAll(() => probe.close());

const orchestrator = (...chains: object[]) => probeOrchestrator([probe.url], chains);

const questions = {
  name: 'questions',
  description: 'two steps that ask',
  steps: [step('left', 'test.ask'), step('right', 'test.ask'), step('both', 'test.slow', ['left', 'right'])],
  result: 'both',
};
const bothAsked = (view: RunView) => (view.questions?.length ?? 0) >= 2;

async function run(app: ReturnType<typeof orchestrator>, body: object): Promise<RunView> {
  const response = await app.request('/runs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ topic: 'probes', wait: true, ...body }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as RunView;
}

const receivedFor = (id: string) => received.filter((entry) => messageText(entry.message).endsWith(` ${id}`));

describe('chains as data', () => {
  it('starts a step only after all it depends on, runs independent steps in parallel, and names the tasks it reads', async () => {
    const chain = {
      name: 'diamond',
      description: 'a, then b and c in parallel, then d',
      steps: [
        step('a', 'test.slow'),
        step('b', 'test.slow', ['a']),
        step('c', 'test.slow', ['a']),
        step('d', 'test.slow', ['b', 'c']),
      ],
      result: 'd',
    };
    const app = orchestrator(chain);
    const view = await run(app, { chain: 'diamond' });
    expect(view.status).toBe('completed');
    expect(view.steps.map((shown) => shown.outcome)).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
    ]);
    const [a] = receivedFor('a');
    const [b] = receivedFor('b');
    const [c] = receivedFor('c');
    const [d] = receivedFor('d');
    if (!a?.endedAt || !b?.endedAt || !c?.endedAt || !d) throw new Error('a probe step did not run');
    expect(b.startedAt).toBeGreaterThanOrEqual(a.endedAt);
    expect(c.startedAt).toBeGreaterThanOrEqual(a.endedAt);
    // b and c overlap (each starts before the other ends): two slow steps take about the time of one.
    expect(b.startedAt).toBeLessThan(c.endedAt);
    expect(c.startedAt).toBeLessThan(b.endedAt);
    expect(d.startedAt).toBeGreaterThanOrEqual(Math.max(b.endedAt, c.endedAt));
    const taskOf = (id: string) => view.steps.find((shown) => shown.step === id)?.taskId;
    expect(d.message.referenceTaskIds).toEqual([taskOf('b'), taskOf('c')]);
    expect(d.message.parts).toHaveLength(3);
    const contexts = new Set([a, b, c, d].map((entry) => entry.message.contextId));
    expect(contexts).toEqual(new Set([view.contextId]));
    expect(view.result).toEqual({ step: 'test.slow d', parts: 3 });
  });

  it('retries a failed step by its policy with a new task that references the failed one', async () => {
    const app = orchestrator({
      name: 'flaky',
      description: 'one flaky step',
      steps: [step('f', 'test.flaky', [], { retry: { attempts: 2 } })],
      result: 'f',
    });
    const view = await run(app, { chain: 'flaky' });
    expect(view.status).toBe('completed');
    expect(view.steps[0]).toMatchObject({ outcome: 'completed', attempts: 2 });
    const [first, second] = receivedFor('f');
    expect(second?.message.referenceTaskIds).toEqual([first?.message.taskId ?? expect.any(String)]);
    const events = (await (await app.request(`/runs/${view.runId}/events`)).text())
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as RunEvent);
    expect(events.some((event) => event.type === 'step.retrying')).toBe(true);
  });

  it('fails only the branch of a failed step: the independent branch completes, each outcome reported', async () => {
    const branches = {
      description: 'a failing branch and a working one',
      steps: [
        step('root', 'test.slow'),
        step('bad', 'test.fail', ['root']),
        step('after-bad', 'test.slow', ['bad']),
        step('good', 'test.slow', ['root']),
      ],
    };
    const app = orchestrator(
      { name: 'good-result', ...branches, result: 'good' },
      { name: 'bad-result', ...branches, result: 'after-bad' },
    );
    const completed = await run(app, { chain: 'good-result' });
    expect(completed.status).toBe('completed');
    expect(Object.fromEntries(completed.steps.map((shown) => [shown.step, shown.outcome]))).toEqual({
      root: 'completed',
      bad: 'failed',
      'after-bad': 'skipped',
      good: 'completed',
    });
    const failed = await run(app, { chain: 'bad-result' });
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ code: 'STEP_FAILED', step: 'bad' });
    expect(failed.error?.message).toContain('this step always fails');
    expect(failed.steps.find((shown) => shown.step === 'good')?.outcome).toBe('completed');
  });

  it('keeps several questions open at once and takes each answer by step', async () => {
    const app = orchestrator(questions);
    const { body: started } = await postJson<{ runId: string }>(app, '/runs', {
      topic: 'probes',
      chain: 'questions',
    });
    const view = await untilRun(app, started.runId, bothAsked);
    expect(view.status).toBe('input-required');
    expect(view.questions?.map((question) => question.step).sort()).toEqual(['left', 'right']);
    const answer = (step: string, text: string) =>
      app.request(`/runs/${started.runId}/answer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ step, answer: text }),
      });
    expect((await answer('right', 'the right one')).status).toBe(200);
    expect((await answer('right', 'again')).status).toBe(400);
    expect((await answer('left', 'the left one')).status).toBe(200);
    const finished = await app.runs.ended(started.runId);
    expect(finished?.status).toBe('completed');
    expect(finished?.artifacts.left).toEqual({ answer: 'the left one' });
    expect(finished?.artifacts.right).toEqual({ answer: 'the right one' });
  });

  it('checks that every step has an agent before the first one runs', async () => {
    const app = orchestrator({
      name: 'default',
      description: 'a last step no agent offers',
      steps: [step('first', 'test.slow'), step('last', 'test.nobody', ['first'])],
      result: 'last',
    });
    const sentBefore = received.length;
    const { body } = await postJson(app, '/runs', { topic: 'probes', wait: true });
    expect(body.status).toBe('failed');
    expect(body.error).toMatchObject({ code: 'NO_AGENT', step: 'last' });
    expect(body.error?.message).toMatch(/skill test\.nobody/);
    // Nothing was sent: the first step did not run for a chain that could not finish.
    expect(received.length).toBe(sentBefore);
    const timeline = await (await app.request(`/runs/${body.runId}/events`)).text();
    expect(timeline).not.toContain('event: step.started');
  });

  it('lists the chains, and refuses a run of an unknown one', async () => {
    const app = orchestrator({
      name: 'default',
      description: 'just one',
      steps: [step('x', 'test.slow')],
      result: 'x',
    });
    const { chains } = (await (await app.request('/chains')).json()) as {
      chains: { name: string; steps: unknown[] }[];
    };
    expect(chains).toEqual([
      {
        name: 'default',
        description: 'just one',
        version: 1,
        versions: 1,
        retired: false,
        result: 'x',
        steps: [{ id: 'x', skill: 'test.slow', dependsOn: [] }],
      },
    ]);
    const refused = await app.request('/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ topic: 't', chain: 'nope' }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { code: 'UNKNOWN_CHAIN', message: expect.stringContaining('default') },
    });
  });

  it('sends a step to a specific agent when the definition names one', async () => {
    const app = orchestrator({
      name: 'pinned',
      description: 'an agent named by URL',
      steps: [{ id: 'p', agent: probe.url, send: [{ text: 'test.slow p' }] }],
      result: 'p',
    });
    const view = await run(app, { chain: 'pinned' });
    expect(view.status).toBe('completed');
    const task = await (await createA2AClient({ agent: probe.url })).getTask(view.steps[0]?.taskId ?? '');
    expect(task.contextId).toBe(view.contextId);
  });

  it('goes on after a restart with two parallel steps under way: both re-attached, both questions asked again', async () => {
    const records = createInMemoryRunRecords();
    const before = probeOrchestrator([probe.url], [questions], { runRecords: records });
    const { body } = await postJson<{ runId: string }>(before, '/runs', {
      topic: 'probes',
      chain: 'questions',
    });
    const asked = await untilRun(before, body.runId, bothAsked);
    const tasks = asked.steps.slice(0, 2).map((shown) => shown.taskId);
    expect(tasks.every((id) => id !== undefined)).toBe(true);
    const sentBefore = received.length;

    const after = probeOrchestrator([probe.url], [questions], { runRecords: records });
    expect(await after.resumeRuns()).toBe(1);
    const resumed = await untilRun(after, body.runId, bothAsked);
    expect(resumed.questions?.map((question) => question.step).sort()).toEqual(['left', 'right']);
    expect(resumed.steps.slice(0, 2).map((shown) => shown.taskId)).toEqual(tasks);
    for (const [id, answer] of [
      ['left', 'L'],
      ['right', 'R'],
    ] as const) {
      expect((await postJson(after, `/runs/${body.runId}/answer`, { step: id, answer })).status).toBe(200);
    }
    const done = await after.runs.ended(body.runId);
    expect(done.status).toBe('completed');
    expect(done.artifacts).toMatchObject({ left: { answer: 'L' }, right: { answer: 'R' } });
    // Nothing sent again: the only new task is the step after both.
    expect(received.slice(sentBefore).map((entry) => entry.skill)).toEqual(['test.slow']);
    await before.close();
  });
});
