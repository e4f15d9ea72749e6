/**
 * Refinement over real HTTP on 127.0.0.1, with probe agents: a refined step becomes the next version of its
 * artifact (same name, a new task in the run's context naming the task it refines), the steps after it run again
 * on it when asked, and refinements that cannot start are refused with a code that says why.
 */
import { INSTRUCTION_PART_KEY } from '@baton/chain';
import { createA2AClient } from '@baton/client';
import { messageText } from '@baton/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInMemoryRunRecords } from '../src/run/run-records.ts';
import type { RunEvent, RunView } from '../src/run/run-types.ts';
import {
  type ProbeAgent,
  postJson,
  probeOrchestrator,
  probeStep,
  startProbeAgent,
  untilRun,
} from './probe-agent.ts';

let probe: ProbeAgent;
beforeAll(async () => {
  probe = await startProbeAgent();
});
afterAll(() => probe.close());

const diamond = {
  name: 'diamond',
  description: 'a, then b and c in parallel, then d',
  steps: [
    probeStep('a', 'test.slow'),
    probeStep('b', 'test.slow', ['a']),
    probeStep('c', 'test.slow', ['a']),
    probeStep('d', 'test.slow', ['b', 'c']),
  ],
  result: 'd',
};
const asking = {
  name: 'asking',
  description: 'one step that asks',
  steps: [probeStep('q', 'test.ask')],
  result: 'q',
};

const stepOf = (view: RunView, id: string) => {
  const found = view.steps.find((shown) => shown.step === id);
  if (!found) throw new Error(`no step ${id}`);
  return found;
};
const sentTo = (taskId: string | undefined) => probe.received.find((entry) => entry.taskId === taskId);

async function startRun(app: ReturnType<typeof probeOrchestrator>, chain: string): Promise<RunView> {
  const { status, body } = await postJson(app, '/runs', { topic: 'probes', chain, wait: true });
  expect(status).toBe(200);
  expect(body.status).toBe('completed');
  return body;
}

describe('refining a run', () => {
  it('makes version 2 of a step in a new task that names the refined one; the run keeps both versions', async () => {
    const app = probeOrchestrator([probe.url], [diamond]);
    const run = await startRun(app, 'diamond');
    const first = stepOf(run, 'b').versions?.[0];
    expect(first).toMatchObject({ version: 1, taskId: stepOf(run, 'b').taskId, inputs: { a: 1 } });

    const { status, body } = await postJson(app, `/runs/${run.runId}/refine`, {
      step: 'b',
      instruction: 'Make it shorter',
      wait: true,
    });
    expect(status).toBe(200);
    expect(body.status).toBe('completed');
    const b = stepOf(body, 'b');
    expect(b.version).toBe(2);
    expect(b.versions?.map((version) => version.version)).toEqual([1, 2]);
    const second = b.versions?.[1];
    expect(second).toMatchObject({
      instruction: 'Make it shorter',
      refines: 1,
      refinement: 1,
      inputs: { a: 1 },
    });
    expect(second?.taskId).not.toBe(first?.taskId);
    expect(body.artifacts.b).toEqual(second?.artifact);
    expect(body.artifacts.b).not.toEqual(first?.artifact);
    // Without downstream, nothing else ran again: d still has the one version, made from b's first.
    expect(stepOf(body, 'd').versions).toHaveLength(1);
    expect(body.result).toEqual(run.result);
    expect(body.refinements).toEqual([
      expect.objectContaining({ refinement: 1, step: 'b', status: 'completed', version: 2, rerun: [] }),
    ]);

    // The new task, in the run's context, names the refined task first, then the task of the input it reads.
    const task = await (await createA2AClient({ agent: probe.url })).getTask({
      id: second?.taskId ?? '',
      historyLength: 5,
    });
    expect(task.contextId).toBe(run.contextId);
    const message = task.history?.[0];
    expect(message?.referenceTaskIds).toEqual([first?.taskId, stepOf(run, 'a').taskId]);
    const instruction = message?.parts.at(-1);
    expect(instruction).toEqual({ text: 'Make it shorter', metadata: { [INSTRUCTION_PART_KEY]: true } });

    // The timeline tells the story, and its stream ends once the refinement has.
    const timeline = (await (await app.request(`/runs/${run.runId}/events`)).text())
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => (JSON.parse(line.slice(6)) as RunEvent).type);
    const after = timeline.slice(timeline.indexOf('refine.started'));
    expect(after).toEqual(
      expect.arrayContaining(['step.started', 'artifact.completed', 'refine.completed', 'run.completed']),
    );
    expect(after.at(-1)).toBe('run.completed');
  });

  it('with downstream, runs every step after it again on the new version, in parallel where the chain allows', async () => {
    const app = probeOrchestrator([probe.url], [diamond]);
    const run = await startRun(app, 'diamond');
    const { body } = await postJson(app, `/runs/${run.runId}/refine`, {
      step: 'a',
      instruction: 'Again, differently',
      downstream: true,
      wait: true,
    });
    expect(body.status).toBe('completed');
    expect(body.refinements?.[0]).toMatchObject({ rerun: ['b', 'c', 'd'], status: 'completed', version: 2 });
    for (const id of ['a', 'b', 'c', 'd']) expect(stepOf(body, id).version).toBe(2);
    expect(stepOf(body, 'b').versions?.[1]).toMatchObject({ refines: 1, refinement: 1, inputs: { a: 2 } });
    expect(stepOf(body, 'b').versions?.[1]?.instruction).toBeUndefined();
    expect(stepOf(body, 'd').versions?.[1]).toMatchObject({ inputs: { b: 2, c: 2 } });
    expect(body.result).toEqual(stepOf(body, 'd').versions?.[1]?.artifact);

    // b and c ran again side by side, after a's new version and before d's.
    const [a2, b2, c2, d2] = ['a', 'b', 'c', 'd'].map((id) => sentTo(stepOf(body, id).versions?.[1]?.taskId));
    if (!a2?.endedAt || !b2?.endedAt || !c2?.endedAt || !d2) throw new Error('a step did not run again');
    expect(b2.startedAt).toBeGreaterThanOrEqual(a2.endedAt);
    expect(b2.startedAt).toBeLessThan(c2.endedAt);
    expect(c2.startedAt).toBeLessThan(b2.endedAt);
    expect(d2.startedAt).toBeGreaterThanOrEqual(Math.max(b2.endedAt, c2.endedAt));
    // A re-run names the version it replaces, then its inputs' new tasks.
    expect(d2.message.referenceTaskIds).toEqual([
      stepOf(body, 'd').versions?.[0]?.taskId,
      stepOf(body, 'b').versions?.[1]?.taskId,
      stepOf(body, 'c').versions?.[1]?.taskId,
    ]);

    // A refinement of an older version names that version's task.
    const { body: again } = await postJson(app, `/runs/${run.runId}/refine`, {
      step: 'a',
      instruction: 'Back to the first one, but louder',
      version: 1,
      wait: true,
    });
    const third = stepOf(again, 'a').versions?.[2];
    expect(third).toMatchObject({ version: 3, refines: 1, refinement: 2 });
    expect(sentTo(third?.taskId)?.message.referenceTaskIds).toEqual([stepOf(run, 'a').taskId]);
  });

  it('refuses what cannot be refined, with a code and a message that say why', async () => {
    const branches = {
      name: 'branches',
      description: 'a failing branch and a working one',
      steps: [
        probeStep('root', 'test.slow'),
        probeStep('bad', 'test.fail', ['root']),
        probeStep('good', 'test.slow', ['root']),
      ],
      result: 'good',
    };
    const app = probeOrchestrator([probe.url], [branches]);
    const run = await startRun(app, 'branches');
    const refine = (body: object, runId = run.runId) =>
      postJson<{ error: { code: string; message: string } }>(app, `/runs/${runId}/refine`, body);

    expect(await refine({ step: 'nope', instruction: 'x' })).toMatchObject({
      status: 400,
      body: { error: { code: 'UNKNOWN_STEP', message: expect.stringContaining('root, bad, good') } },
    });
    expect(await refine({ step: 'bad', instruction: 'x' })).toMatchObject({
      status: 409,
      body: { error: { code: 'STEP_NOT_COMPLETED', message: expect.stringContaining('failed') } },
    });
    expect(await refine({ step: 'good', instruction: 'x', version: 4 })).toMatchObject({
      status: 400,
      body: { error: { code: 'UNKNOWN_VERSION', message: 'The good step has versions 1 to 1, not 4' } },
    });
    expect(await refine({ step: 'good', instruction: '   ' })).toMatchObject({
      status: 400,
      body: { error: { code: 'INVALID_BODY', message: expect.stringContaining('instruction') } },
    });
    expect(await refine({ step: 'good', instruction: 'x' }, 'no-such-run')).toMatchObject({ status: 404 });

    // One refinement at a time: the second is refused while the first runs.
    expect((await refine({ step: 'good', instruction: 'slower' })).status).toBe(202);
    expect(await refine({ step: 'root', instruction: 'x' })).toMatchObject({
      status: 409,
      body: { error: { code: 'RUN_BUSY' } },
    });
    const done = await app.runs.ended(run.runId);
    expect(done?.status).toBe('completed');
    expect(stepOf(done as RunView, 'good').version).toBe(2);
  });

  it('a canceled or failed refinement leaves the run with its result and its versions as they were', async () => {
    const spare = await startProbeAgent();
    const pinned = {
      name: 'pinned',
      description: 'a step on an agent that goes away',
      steps: [
        probeStep('root', 'test.slow'),
        { id: 'away', agent: spare.url, send: [{ text: 'test.slow away' }] },
      ],
      result: 'root',
    };
    const app = probeOrchestrator([probe.url], [pinned]);
    const run = await startRun(app, 'pinned');

    const started = await postJson(app, `/runs/${run.runId}/refine`, { step: 'root', instruction: 'slowly' });
    expect(started.status).toBe(202);
    const canceled = await postJson(app, `/runs/${run.runId}/cancel`, {});
    expect(canceled.body.status).toBe('completed');
    expect(canceled.body.refinements?.[0]).toMatchObject({ status: 'canceled' });
    expect(stepOf(canceled.body, 'root').versions).toHaveLength(1);
    expect(canceled.body.result).toEqual(run.result);

    await spare.close();
    const { body } = await postJson(app, `/runs/${run.runId}/refine`, {
      step: 'away',
      instruction: 'once more',
      wait: true,
    });
    expect(body.status).toBe('completed');
    expect(body.refinements?.[1]).toMatchObject({ status: 'failed', error: expect.stringContaining('away') });
    expect(stepOf(body, 'away')).toMatchObject({ outcome: 'failed', version: 1 });
    expect(body.artifacts.away).toEqual(stepOf(run, 'away').versions?.[0]?.artifact);
  });

  it('goes on with a refinement after a restart: the question asked again, the task re-attached', async () => {
    const records = createInMemoryRunRecords();
    const before = probeOrchestrator([probe.url], [asking], { runRecords: records });
    const { runId } = (
      await postJson<{ runId: string }>(before, '/runs', { topic: 'probes', chain: 'asking' })
    ).body;
    const asked = await untilRun(before, runId, (view) => view.status === 'input-required');
    expect((await postJson(before, `/runs/${runId}/answer`, { answer: 'the first' })).status).toBe(200);
    await before.runs.ended(runId);
    expect(asked.questions).toHaveLength(1);

    expect(
      (await postJson(before, `/runs/${runId}/refine`, { step: 'q', instruction: 'ask again' })).status,
    ).toBe(202);
    const waiting = await untilRun(before, runId, (view) => view.status === 'input-required');
    const refinementTask = waiting.refinements?.[0]?.taskId;
    expect(refinementTask).toBeDefined();

    // Another orchestrator on the same records, as after a restart.
    const after = probeOrchestrator([probe.url], [asking], { runRecords: records });
    expect(await after.resumeRuns()).toBe(1);
    const resumed = await untilRun(after, runId, (view) => view.status === 'input-required');
    expect(resumed.refinements?.[0]).toMatchObject({ status: 'running', taskId: refinementTask });
    expect((await postJson(after, `/runs/${runId}/answer`, { answer: 'the second' })).status).toBe(200);
    const done = await after.runs.ended(runId);
    expect(done.status).toBe('completed');
    expect(stepOf(done, 'q').versions?.map((version) => [version.version, version.taskId])).toEqual([
      [1, stepOf(asked, 'q').taskId],
      [2, refinementTask],
    ]);
    expect(done.result).toEqual({ answer: 'the second' });
    expect(probe.received.filter((entry) => messageText(entry.message).includes('ask again'))).toHaveLength(
      1,
    );
    await before.close();
  });
});
