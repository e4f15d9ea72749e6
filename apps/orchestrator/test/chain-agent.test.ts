import { SummarySchema } from '@baton/chain';
import { createA2AClient, createArtifactAssembler, firstDataPart, resolveAiCatalog } from '@baton/client';
import type { RunningA2AServer } from '@baton/server/node';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChainDefinition } from '../src/chains/chain-definition.ts';
import { loadChains, parseChainDefinition } from '../src/chains/load-chains.ts';
import { createOrchestrator } from '../src/create-orchestrator.ts';
import { serveApp } from './serve-app.ts';
import { namedSkills, startStandIn } from './stand-in-agents.ts';

const running: Pick<RunningA2AServer, 'close'>[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

// A second chain, so that naming a chain's skill visibly picks it: the outline alone.
const OUTLINE_ONLY = parseChainDefinition(
  JSON.stringify({
    name: 'outline-only',
    description: 'Only the outline.',
    steps: [{ id: 'outline', skill: 'baton.outline', send: [{ topic: true }] }],
    result: 'outline',
  }),
  'the test',
);

async function startOrchestratorAgent(chains?: readonly ChainDefinition[]) {
  const agents = await Promise.all(
    (['outline', 'document', 'summary'] as const).map((step) => startStandIn(step)),
  );
  running.push(...agents);
  const app = createOrchestrator({ agents: agents.map((agent) => agent.url), ...(chains ? { chains } : {}) });
  // The orchestrator is a plain Hono app; serve it the way main.ts does, on port 0.
  const server = await serveApp(app);
  running.push(server);
  return { app, client: await createA2AClient({ agent: server.url }) };
}

describe('the orchestrator as an A2A agent', () => {
  it('offers one skill per chain on its card (baton.chain for the default one), and baton.plan', async () => {
    const { client } = await startOrchestratorAgent();
    expect(client.card.skills.map((skill) => skill.id)).toEqual([
      'baton.chain',
      'baton.chain.audiences',
      'baton.chain.routed',
      'baton.chain.sections',
      'baton.plan',
    ]);
    expect(client.card.skills[1]?.description).toContain('{"chain": "audiences"}');
  });

  it("names each step's skill on its send, and runs the chain whose skill a send names", async () => {
    const { client, app } = await startOrchestratorAgent([...loadChains(), OUTLINE_ONLY]);
    namedSkills.length = 0;
    let state = '';
    for await (const event of client.streamMessage('tea')) {
      if ('statusUpdate' in event) state = event.statusUpdate.status.state;
    }
    expect(state).toBe('TASK_STATE_COMPLETED');
    expect(namedSkills).toEqual(['baton.outline', 'baton.document', 'baton.summary']);

    namedSkills.length = 0;
    for await (const event of client.streamMessage('tea', { skillId: 'baton.chain.outline-only' })) {
      if ('statusUpdate' in event) state = event.statusUpdate.status.state;
    }
    expect(state).toBe('TASK_STATE_COMPLETED');
    expect((await app.runs.recent(1))[0]?.chain).toBe('outline-only');
    expect(namedSkills).toEqual(['baton.outline']);
  });

  it('publishes an AI Catalog of itself and its agents, from which a client finds and calls them', async () => {
    const { client } = await startOrchestratorAgent();
    const origin = new URL(client.card.supportedInterfaces[0]?.url ?? '').origin;
    const agents = await resolveAiCatalog(origin);
    expect(agents.map((agent) => agent.displayName)).toEqual([
      'Baton orchestrator',
      'Stand-in outline agent',
      'Stand-in document agent',
      'Stand-in summary agent',
    ]);
    expect(agents[0]?.identifier).toBe('urn:air:127.0.0.1:agent:baton-orchestrator');
    const outline = await createA2AClient({ agent: agents[1]?.url ?? '' });
    expect(outline.card.skills.map((skill) => skill.id)).toEqual(['baton.outline']);
    const self = await createA2AClient({ agent: agents[0]?.url ?? '' });
    expect(self.card.name).toBe('Baton orchestrator');
  });

  it('runs the chain for the message topic, streams the document and ends with the summary artifact', async () => {
    const { client, app } = await startOrchestratorAgent();
    const assembler = createArtifactAssembler();
    const states: string[] = [];
    let contextId = '';
    for await (const event of client.streamMessage('tea')) {
      assembler.feed(event);
      if ('statusUpdate' in event) states.push(event.statusUpdate.status.state);
      if ('task' in event) contextId = event.task.contextId ?? '';
    }
    expect(states.at(-1)).toBe('TASK_STATE_COMPLETED');
    const summary = assembler.artifacts().find((artifact) => artifact.name === 'summary');
    expect(SummarySchema.parse(summary && firstDataPart(summary)?.data).keyPoints).toEqual([
      'Origins',
      'Today',
    ]);
    const document = assembler.artifacts().find((artifact) => artifact.name === 'document');
    expect(document && assembler.text(document.artifactId)).toContain('## Origins');
    const [run] = await app.runs.recent(1);
    expect(run?.contextId).toBe(contextId);
  });

  it('forwards the outline agent question with input-required and resumes on the answer', async () => {
    const { client } = await startOrchestratorAgent();
    const first = await client.sendMessage(' ');
    if (!('task' in first)) throw new Error('expected a task');
    expect(first.task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    expect(first.task.status.message?.parts).toEqual([{ text: 'What topic should the outline cover?' }]);
    const second = await client.sendMessage({
      message: {
        messageId: 'answer-1',
        role: 'ROLE_USER',
        parts: [{ text: 'coffee' }],
        taskId: first.task.id,
      },
    });
    if (!('task' in second)) throw new Error('expected a task');
    expect(second.task.status.state).toBe('TASK_STATE_COMPLETED');
    const summary = SummarySchema.parse(firstDataPart(second.task, 'summary')?.data);
    expect(summary.title).toContain('coffee');
  });
});
