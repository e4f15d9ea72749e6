/**
 * Planned chains over the API, with the three real agents offline: `POST /plans` answers a chain `POST /chains`
 * takes as it is, `POST /runs {goal}` plans, runs and keeps the plan in the run's view, and a goal no skill matches
 * is refused naming the closest skills.
 */
import {
  createExtractiveSummaryGenerator,
  createModelConnection,
  createOfflineDocumentGenerator,
  createOfflineOutlineGenerator,
  SummarySchema,
} from '@baton/chain';
import { startOpenAiStandIn } from '@baton/chain/testing';
import { createA2AClient, userMessage } from '@baton/client';
import { createDocAgent } from '@baton/doc-agent';
import { createOutlineAgent } from '@baton/outline-agent';
import { messageText } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { createSummaryAgent } from '@baton/summary-agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrchestrator } from '../src/create-orchestrator.ts';
import type { RunView } from '../src/run/run-types.ts';
import { postJson, untilRun } from './probe-agent.ts';
import { serveApp } from './serve-app.ts';

const GLACIERS =
  'Explain how glaciers shape valleys, once for beginners and once for experts, and merge both into one brief';
const quiet = { error: () => undefined, warn: () => undefined };
const servers: RunningA2AServer[] = [];
let app: ReturnType<typeof createOrchestrator>;

beforeAll(async () => {
  servers.push(
    await startA2AServer(createOutlineAgent({ generator: createOfflineOutlineGenerator() })),
    await startA2AServer(createDocAgent({ generator: createOfflineDocumentGenerator() })),
    await startA2AServer(createSummaryAgent({ generator: createExtractiveSummaryGenerator() })),
  );
  app = createOrchestrator({ agents: servers.map((server) => server.url), logger: quiet, console: false });
}, 30_000);
afterAll(async () => {
  await app.close();
  await Promise.all(servers.map((server) => server.close()));
});

const pending = (view: RunView) => view.approvals?.some((approval) => approval.status === 'pending') === true;

interface PlanAnswer {
  chain: { name: string; steps: { id: string; skill: string; dependsOn?: string[] }[]; result: string };
  topic: string;
  rationale: string[];
  planner: string;
}

describe('planned chains', () => {
  it('plans the glaciers goal with the outline, document and summary skills, and POST /chains takes it as it is', async () => {
    const planned = await postJson<PlanAnswer>(app, '/plans', { goal: GLACIERS });
    expect(planned.status).toBe(200);
    const { chain } = planned.body;
    expect(new Set(chain.steps.map((step) => step.skill))).toEqual(
      new Set(['baton.outline', 'baton.document', 'baton.summary']),
    );
    expect(chain.steps.map((step) => step.id)).toEqual([
      'outline',
      'document',
      'for-beginners',
      'for-experts',
      'brief',
    ]);
    expect(planned.body).toMatchObject({ topic: 'how glaciers shape valleys', planner: 'offline' });
    expect(planned.body.rationale.length).toBeGreaterThan(2);
    const registered = await postJson<{ name: string; created: boolean }>(app, '/chains', chain);
    expect(registered).toMatchObject({ status: 201, body: { name: chain.name, created: true } });
  });

  it('runs a goal alone to completion, keeping the plan in the run, and the same goal again on the same chain', async () => {
    const run = await postJson<RunView>(app, '/runs', { goal: GLACIERS, wait: true });
    expect(run.status).toBe(200);
    expect(run.body.status).toBe('completed');
    expect(run.body.topic).toBe('how glaciers shape valleys');
    expect(run.body.plan).toMatchObject({ goal: GLACIERS, planner: 'offline' });
    expect(run.body.chain).toMatch(/^plan-/);
    const brief = SummarySchema.parse(run.body.result);
    // The merged brief has a part for each audience.
    expect(brief.summary).toMatch(/beginners/i);
    expect(brief.summary).toMatch(/experts/i);
    const again = await postJson<RunView>(app, '/runs', { goal: GLACIERS });
    expect(again.status).toBe(202);
    const view = (await (await app.request(`/runs/${again.body.runId}`)).json()) as RunView;
    expect({ chain: view.chain, version: view.chainVersion }).toEqual({
      chain: run.body.chain,
      version: run.body.chainVersion,
    });
  }, 60_000);

  it('refuses a goal no skill matches, naming the closest skills, and runs nothing', async () => {
    const before = ((await (await app.request('/runs')).json()) as { runs: unknown[] }).runs.length;
    for (const path of ['/plans', '/runs']) {
      const refused = await postJson<{ error: { code: string; closest: { skill: string }[] } }>(app, path, {
        goal: 'Book me a flight to Lisbon next Tuesday',
      });
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe('NO_MATCHING_SKILL');
      expect(refused.body.error.closest.map((entry) => entry.skill)).toHaveLength(3);
    }
    const after = ((await (await app.request('/runs')).json()) as { runs: unknown[] }).runs.length;
    expect(after).toBe(before);
  });

  it.each([
    [{ goal: '' }, 'goal'],
    [{ goal: 'Outline tea', chain: { name: 'Not A Name' } }, 'chain.name'],
    [{ goal: 'Outline tea', extra: true }, 'body'],
  ])('refuses a bad plan request %j naming %s', async (body, field) => {
    const refused = await postJson<{ error: { code: string; message: string } }>(app, '/plans', body);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain(field);
  });

  it('refuses a run with both a goal and a chain, and one with neither a goal nor a topic', async () => {
    const both = await postJson<{ error: { message: string } }>(app, '/runs', {
      goal: 'Outline tea',
      chain: 'default',
    });
    expect(both.status).toBe(400);
    expect(both.body.error.message).toContain('goal');
    const neither = await postJson<{ error: { message: string } }>(app, '/runs', {});
    expect(neither.status).toBe(400);
    expect(neither.body.error.message).toContain('topic');
  });

  it('with approve, waits for a person with the plan shown, then runs it once approved', async () => {
    const started = await postJson<RunView>(app, '/runs', {
      goal: 'Explain how rivers carve canyons',
      approve: true,
    });
    expect(started.status).toBe(202);
    const waiting = await untilRun(app, started.body.runId, pending);
    expect(waiting.status).toBe('input-required');
    const shown = waiting.approvals?.[0]?.artifact as { chain: string; version: number; definition: object };
    expect(shown).toMatchObject({ chain: waiting.plan?.chain, version: waiting.plan?.chainVersion });
    expect(shown.definition).toMatchObject({
      steps: [{ skill: 'baton.outline' }, { skill: 'baton.document' }],
    });
    // Nothing has run while it waits.
    expect(waiting.instances ?? []).toEqual([]);
    const approved = await postJson(app, `/runs/${started.body.runId}/approve`, {});
    expect(approved.status).toBe(200);
    const done = await untilRun(
      app,
      started.body.runId,
      (view) => view.status !== 'input-required' && view.status !== 'running',
    );
    expect(done.status).toBe('completed');
    expect(done.instances?.map((instance) => instance.step)).toEqual(['outline', 'document']);
    expect(done.result).toMatchObject({ markdown: expect.any(String) });
  }, 60_000);

  it('with approve, runs the edited chain a person approves instead, and refuses an edit that does not validate', async () => {
    const started = await postJson<RunView>(app, '/runs', {
      goal: 'Explain how rivers carve canyons',
      approve: true,
    });
    await untilRun(app, started.body.runId, pending);
    const broken = await postJson<{ error: { code: string } }>(app, `/runs/${started.body.runId}/approve`, {
      chain: { name: 'canyon-outline', description: 'x', steps: [], result: 'outline' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe('INVALID_CHAIN');
    const edited = {
      name: 'canyon-outline',
      description: 'Only the outline',
      steps: [{ id: 'outline', skill: 'baton.outline', send: [{ topic: true }] }],
      result: 'outline',
    };
    expect((await postJson(app, `/runs/${started.body.runId}/approve`, { chain: edited })).status).toBe(200);
    const done = await untilRun(
      app,
      started.body.runId,
      (view) => view.status === 'completed' || view.status === 'failed',
    );
    expect(done.status).toBe('completed');
    expect(done.approvals?.[0]?.edited).toMatchObject({ chain: 'canyon-outline', version: 1 });
    expect(done.instances?.map((instance) => instance.step)).toEqual(['outline']);
    expect(done.result).toMatchObject({ sections: expect.any(Array) });
  }, 60_000);

  it('with approve, runs the plan as edited in the artifact shown (the console edits that), never the one it replaced', async () => {
    const started = await postJson<RunView>(app, '/runs', {
      goal: 'Explain how rivers carve canyons',
      approve: true,
    });
    const waiting = await untilRun(app, started.body.runId, pending);
    const shown = waiting.approvals?.[0]?.artifact as { definition: { steps: object[]; result: string } };
    const edited = {
      ...shown,
      definition: { ...shown.definition, steps: shown.definition.steps.slice(0, 1), result: 'outline' },
    };
    expect((await postJson(app, `/runs/${started.body.runId}/approve`, { artifact: edited })).status).toBe(
      200,
    );
    const done = await untilRun(
      app,
      started.body.runId,
      (view) => view.status === 'completed' || view.status === 'failed',
    );
    expect(done.status).toBe('completed');
    expect(done.instances?.map((instance) => instance.step)).toEqual(['outline']);
    const editedVersion = (done.approvals?.[0]?.edited as { version?: number } | undefined)?.version ?? 0;
    expect(editedVersion).toBeGreaterThan((shown as unknown as { version: number }).version);
  }, 60_000);

  it('with approve, fails a rejected plan without running it', async () => {
    const started = await postJson<RunView>(app, '/runs', {
      goal: 'Explain how rivers carve canyons',
      approve: true,
    });
    await untilRun(app, started.body.runId, pending);
    expect((await postJson(app, `/runs/${started.body.runId}/reject`, { comment: 'not now' })).status).toBe(
      200,
    );
    const done = await untilRun(app, started.body.runId, (view) => view.status === 'failed');
    expect(done.error).toMatchObject({ code: 'APPROVAL_REJECTED' });
    expect(done.instances ?? []).toEqual([]);
  });

  it('names its plan as the caller asks', async () => {
    const planned = await postJson<PlanAnswer>(app, '/plans', {
      goal: 'Outline the history of tea',
      chain: { name: 'tea-outline', description: 'An outline of tea' },
    });
    expect(planned.body.chain).toMatchObject({ name: 'tea-outline', result: 'outline' });
  });

  it('over A2A: baton.plan plans and runs a goal, a goal-like text plans too, and a goal no skill matches is rejected', async () => {
    const server = await serveApp(app);
    try {
      const client = await createA2AClient({ agent: server.url });
      expect(client.card.skills.map((skill) => skill.id)).toContain('baton.plan');
      const asked = await client.sendMessage(GLACIERS, { skillId: 'baton.plan' });
      const task = 'task' in asked ? asked.task : undefined;
      expect(task?.status.state).toBe('TASK_STATE_COMPLETED');
      expect(task?.artifacts?.map((artifact) => artifact.name)).toContain('summary');
      const views = async () => ((await (await app.request('/runs')).json()) as { runs: RunView[] }).runs;
      expect((await views()).find((view) => view.contextId === task?.contextId)?.plan?.goal).toBe(GLACIERS);

      // No skill named, a text that says what to make: planned (the topic read from it).
      const inferred = await client.sendMessage('Explain how rivers carve canyons');
      const inferredTask = 'task' in inferred ? inferred.task : undefined;
      expect(inferredTask?.status.state).toBe('TASK_STATE_COMPLETED');
      const inferredRun = (await views()).find((view) => view.contextId === inferredTask?.contextId);
      expect(inferredRun).toMatchObject({ topic: 'how rivers carve canyons', plan: { planner: 'offline' } });

      const refused = await client.sendMessage('Book me a flight to Lisbon', { skillId: 'baton.plan' });
      const refusedTask = 'task' in refused ? refused.task : undefined;
      expect(refusedTask?.status.state).toBe('TASK_STATE_REJECTED');
      expect(JSON.stringify(refusedTask?.status.message)).toContain('baton.outline');
    } finally {
      await server.close();
    }
  }, 60_000);

  it('with a model configured, the model plans: POST /plans says so, and a goal run runs its plan', async () => {
    const modelPlan = {
      topic: 'how glaciers shape valleys',
      rationale: ['An outline, written up.'],
      chain: {
        description: 'Glaciers, written up',
        steps: [
          { id: 'plan-outline', skill: 'baton.outline', send: [{ topic: true }] },
          {
            id: 'write-up',
            skill: 'baton.document',
            dependsOn: ['plan-outline'],
            send: [{ artifact: 'plan-outline' }],
          },
        ],
        result: 'write-up',
      },
    };
    const reply = { content: JSON.stringify(modelPlan) };
    const standIn = await startOpenAiStandIn([reply, reply]);
    const planned = createOrchestrator({
      agents: servers.map((server) => server.url),
      logger: quiet,
      console: false,
      planModel: createModelConnection({
        baseURL: standIn.baseURL,
        apiKey: 'sk-test',
        model: 'planner-model',
      }),
    });
    try {
      const answer = await postJson<PlanAnswer>(planned, '/plans', {
        goal: 'Explain how glaciers shape valleys',
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ planner: 'model', rationale: ['An outline, written up.'] });
      expect(answer.body.chain.steps.map((step) => step.id)).toEqual(['plan-outline', 'write-up']);
      const run = await postJson<RunView>(planned, '/runs', {
        goal: 'Explain how glaciers shape valleys',
        wait: true,
      });
      expect(run.body).toMatchObject({ status: 'completed', plan: { planner: 'model' } });
      expect(run.body.instances?.map((instance) => instance.step)).toEqual(['plan-outline', 'write-up']);
    } finally {
      await planned.close();
      await standIn.close();
    }
  }, 60_000);

  it('over A2A with {"approve": true}: the plan is shown with input-required, and "approve" runs it', async () => {
    const server = await serveApp(app);
    try {
      const client = await createA2AClient({ agent: server.url });
      const message = userMessage('Explain how rivers carve canyons');
      const first = await client.sendMessage(
        { message: { ...message, parts: [...message.parts, { data: { approve: true } }] } },
        { skillId: 'baton.plan', returnImmediately: false },
      );
      const task = 'task' in first ? first.task : undefined;
      expect(task?.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
      expect(task?.status.message && messageText(task.status.message)).toContain('Run this plan');
      expect(task?.status.message?.parts.find((part) => 'data' in part)).toMatchObject({
        data: { definition: { steps: [{ skill: 'baton.outline' }, { skill: 'baton.document' }] } },
      });
      const replied = await client.sendMessage({
        message: userMessage('approve', { taskId: task?.id ?? '', contextId: task?.contextId ?? '' }),
      });
      expect('task' in replied && replied.task.status.state).toBe('TASK_STATE_COMPLETED');
    } finally {
      await server.close();
    }
  }, 60_000);
});
