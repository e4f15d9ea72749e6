/**
 * The shipped `sections` and `routed` chains over the real outline, doc and summary agents (offline generators)
 * on 127.0.0.1: a map over the outline's sections, a review loop with a branch inside, and a branch on the run's
 * options.
 */
import {
  contractPart,
  createExtractiveSummaryGenerator,
  createOfflineDocumentGenerator,
  createOfflineOutlineGenerator,
  DocumentSchema,
  documentIn,
  OutlineSchema,
  outlineIn,
  type Review,
  SECTION_SKILLS,
  SummarySchema,
} from '@baton/chain';
import { createA2AClient, userMessage } from '@baton/client';
import { createDocAgent } from '@baton/doc-agent';
import { createOutlineAgent } from '@baton/outline-agent';
import { createA2AServer } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { createSummaryAgent } from '@baton/summary-agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrchestrator } from '../src/create-orchestrator.ts';
import type { InstanceView, RunView } from '../src/run/run-types.ts';
import { postJson } from './probe-agent.ts';
import { serveApp } from './serve-app.ts';

const quiet = { error: () => undefined, warn: () => undefined };
const servers: RunningA2AServer[] = [];
let agents: string[] = [];

beforeAll(async () => {
  servers.push(
    await startA2AServer(createOutlineAgent({ generator: createOfflineOutlineGenerator() })),
    await startA2AServer(createDocAgent({ generator: createOfflineDocumentGenerator() })),
    await startA2AServer(createSummaryAgent({ generator: createExtractiveSummaryGenerator() })),
  );
  agents = servers.map((server) => server.url);
}, 30_000);
afterAll(() => Promise.all(servers.map((server) => server.close())));

async function run(urls: readonly string[], body: object): Promise<RunView> {
  const app = createOrchestrator({ agents: urls, logger: quiet, console: false });
  const answer = await postJson(app, '/runs', { wait: true, ...body });
  expect(answer.status).toBe(200);
  await app.close();
  return answer.body;
}

const of = (view: RunView, step: string) =>
  view.instances?.filter((instance) => instance.step === step) ?? [];
const overlap = (a: InstanceView, b: InstanceView) =>
  Date.parse(a.startedAt) < Date.parse(b.endedAt ?? '') &&
  Date.parse(b.startedAt) < Date.parse(a.endedAt ?? '');

describe('the sections chain', () => {
  it('writes each section as its own task, several at once, assembles them in order, reviews and summarizes', async () => {
    const view = await run(agents, { chain: 'sections', topic: 'Glaciers', options: { sections: 5 } });
    expect(view.status, JSON.stringify(view.error)).toBe('completed');
    const outline = OutlineSchema.parse(view.artifacts.outline);
    expect(outline.sections).toHaveLength(5);
    const sections = of(view, 'section');
    expect(sections.map((instance) => instance.index)).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(sections.map((instance) => instance.taskId)).size).toBe(5);
    expect(sections.every((instance) => instance.outcome === 'completed')).toBe(true);
    expect(sections.some((a, i) => sections.some((b, j) => i !== j && overlap(a, b)))).toBe(true);
    // The review ran at least once; the document that goes on has the outline's sections, in its order.
    expect(of(view, 'check').length).toBeGreaterThanOrEqual(1);
    expect(view.decisions?.find((decision) => decision.kind === 'loop')).toMatchObject({
      step: 'review',
      done: true,
    });
    const document = DocumentSchema.parse(view.artifacts.review);
    expect(document.sections.map((section) => section.heading)).toEqual(
      outline.sections.map((s) => s.heading),
    );
    expect(SummarySchema.parse(view.result).title).toBe(document.title);
  });

  it('rewrites only the sections a review fails, then reviews again', async () => {
    // A reviewer of its own, listed first (the first agent offering a skill gets its steps): it fails the second
    // section of the first document it sees, then passes.
    const seen: { headings: string[]; data: unknown[] }[] = [];
    const reviewer = await startA2AServer(
      createA2AServer({
        card: {
          name: 'Strict reviewer',
          description: 'Fails a section once',
          version: '0.0.0',
          skills: [{ id: SECTION_SKILLS.review, name: 'review', description: 'review', tags: ['test'] }],
        },
        logger: quiet,
        executor: async (ctx) => {
          const data = ctx.message.parts.flatMap((part) => ('data' in part ? [part.data] : []));
          const outline = outlineIn(data);
          const document = documentIn(data);
          seen.push({ headings: document?.sections.map((section) => section.heading) ?? [], data });
          const target = outline?.sections[1];
          const review: Review =
            seen.length === 1 && target
              ? { verdict: 'fail', rewrite: [{ ...target, note: 'Say more.' }], notes: ['second section'] }
              : { verdict: 'pass', rewrite: [], notes: [] };
          await ctx.addArtifact({
            name: 'review',
            parts: [contractPart(JSON.parse(JSON.stringify(review)))],
          });
        },
      }),
    );
    servers.push(reviewer);
    const view = await run([reviewer.url, ...agents], {
      chain: 'sections',
      topic: 'Volcanoes',
      options: { sections: 4 },
    });
    expect(view.status, JSON.stringify(view.error)).toBe('completed');
    expect(of(view, 'check').map((instance) => instance.key)).toEqual(['review#1/check', 'review#2/check']);
    // Only the failed section is written again, in the first iteration; the second iteration passes through.
    const rewritten = of(view, 'rewritten');
    expect(rewritten.map((instance) => [instance.key, instance.iteration, instance.index])).toEqual([
      ['review#1/revise/rewrite[0]/rewritten', 1, 0],
    ]);
    expect(of(view, 'section')).toHaveLength(4);
    expect(of(view, 'revised')).toHaveLength(1);
    expect(
      view.decisions?.filter((decision) => decision.kind === 'branch').map((decision) => decision.case),
    ).toEqual([0, 'otherwise']);
    const outline = OutlineSchema.parse(view.artifacts.outline);
    // The second review read the revised document; the run's document is it.
    expect(seen[1]?.headings).toEqual(outline.sections.map((section) => section.heading));
    const revised = DocumentSchema.parse(of(view, 'revised')[0]?.artifact);
    expect(view.artifacts.review).toEqual(revised);
  });
});

describe('the sections chain over A2A', () => {
  it("answers the orchestrator's own task with the assembled document and the summary", async () => {
    const app = createOrchestrator({ agents, logger: quiet, console: false });
    const server = await serveApp(app);
    try {
      const client = await createA2AClient({ agent: server.url });
      const answer = await client.sendMessage(
        { message: userMessage('Deserts') },
        { skillId: 'baton.chain.sections', returnImmediately: false },
      );
      const task = 'task' in answer ? answer.task : undefined;
      expect(task?.status.state).toBe('TASK_STATE_COMPLETED');
      const byName = new Map((task?.artifacts ?? []).map((artifact) => [artifact.name, artifact]));
      const data = byName.get('document')?.parts.find((part) => 'data' in part);
      const document = DocumentSchema.parse(data && 'data' in data ? data.data : undefined);
      expect(document.sections.length).toBeGreaterThan(1);
      expect(byName.has('summary')).toBe(true);
    } finally {
      await server.close();
      await app.close();
    }
  });
});

describe('the routed chain', () => {
  it('chooses its last step from the run options', async () => {
    const experts = await run(agents, { chain: 'routed', topic: 'Tides', options: { audience: 'experts' } });
    expect(experts.status, JSON.stringify(experts.error)).toBe('completed');
    expect(experts.instances?.map((instance) => instance.step)).toEqual([
      'outline',
      'document',
      'expert-brief',
    ]);
    expect(experts.decisions?.[0]).toMatchObject({ step: 'finish', case: 0 });
    expect(SummarySchema.parse(experts.result).summary.length).toBeGreaterThan(0);
    const plain = await run(agents, { chain: 'routed', topic: 'Tides' });
    expect(plain.instances?.map((instance) => instance.step)).toEqual([
      'outline',
      'document',
      'plain-summary',
    ]);
    expect(plain.decisions?.[0]).toMatchObject({ case: 'otherwise' });
  });
});
