import {
  createLlmGenerators,
  createOfflineDocumentGenerator,
  DocumentSchema,
  type Outline,
  SECTION_SKILLS,
  SectionSchema,
} from '@baton/chain';
import { startOpenAiStandIn } from '@baton/chain/testing';
import { type A2AClient, createA2AClient, dataPart, userMessage } from '@baton/client';
import { isA2AError, type Part } from '@baton/protocol';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocAgent } from './doc-agent.ts';

const outline = {
  title: 'Tea: a short history',
  topic: 'tea',
  sections: [
    { heading: 'Origins', points: ['Legends of Shennong', 'Tea in Tang China'] },
    { heading: 'The tea trade', points: ['The Dutch and English East India companies'] },
    { heading: 'Tea today', points: ['Green, black and oolong'] },
  ],
} satisfies Outline;

let server: RunningA2AServer;
let client: A2AClient;
beforeAll(async () => {
  server = await startA2AServer(createDocAgent({ generator: createOfflineDocumentGenerator() }), { port: 0 });
  client = await createA2AClient({ agent: server.url });
});
afterAll(() => server.close());

const json = (value: unknown) =>
  dataPart(JSON.parse(JSON.stringify(value)), { mediaType: 'application/json' });

/** Sends parts to a skill of the doc agent; the completed task's first artifact's data. */
async function ask(skillId: string, parts: Part[]) {
  const response = await client.sendMessage({ message: userMessage(parts) }, { skillId });
  const task = 'task' in response ? response.task : undefined;
  expect(task?.status.state).toBe('TASK_STATE_COMPLETED');
  const data = task?.artifacts?.[0]?.parts.find((part) => 'data' in part);
  return { name: task?.artifacts?.[0]?.name, data: data && 'data' in data ? data.data : undefined };
}

describe('baton.section', () => {
  it('writes the one section it is sent, from its points, for the outline it belongs to', async () => {
    const section = outline.sections[0];
    const answer = await ask(SECTION_SKILLS.section, [json(section), json(outline)]);
    expect(answer.name).toBe('section');
    const written = SectionSchema.parse(answer.data);
    expect(written.heading).toBe('Origins');
    expect(written.markdown).toMatch(/Shennong/);
    expect(written.markdown).not.toMatch(/East India/);
  });

  it('refuses a message without a section to write, before any task exists', async () => {
    const refusal = await client
      .sendMessage({ message: userMessage([json(outline)]) }, { skillId: SECTION_SKILLS.section })
      .catch((error: unknown) => error);
    expect(isA2AError(refusal, 'InvalidParamsError')).toBe(true);
  });
});

describe('baton.section with a model', () => {
  it("asks an OpenAI-compatible model for that section alone, with the reviewer's note, and streams its words in", async () => {
    const standIn = await startOpenAiStandIn([{ tokens: ['Shennong ', 'tasted ', 'the leaves.'] }]);
    const generator = createLlmGenerators({
      baseURL: standIn.baseURL,
      apiKey: 'sk-test',
      model: 'tiny',
    }).document;
    const running = await startA2AServer(createDocAgent({ generator }), { port: 0 });
    try {
      const modelClient = await createA2AClient({ agent: running.url });
      const request = { ...outline.sections[0], note: 'Rewrite this section: cover: Tea in Tang China.' };
      const response = await modelClient.sendMessage(
        { message: userMessage([json(request), json(outline)]) },
        { skillId: SECTION_SKILLS.section },
      );
      const task = 'task' in response ? response.task : undefined;
      expect(task?.status.state).toBe('TASK_STATE_COMPLETED');
      const data = task?.artifacts?.[0]?.parts.find((part) => 'data' in part);
      expect(SectionSchema.parse(data && 'data' in data ? data.data : undefined)).toEqual({
        heading: 'Origins',
        markdown: 'Shennong tasted the leaves.',
      });
      const prompt = standIn.requests[0]?.body.messages.map((message) => message.content).join('\n') ?? '';
      expect(prompt).toContain('Write the section "Origins"');
      expect(prompt).toContain('cover: Tea in Tang China');
      expect(standIn.requests).toHaveLength(1);
    } finally {
      await running.close();
      await standIn.close();
    }
  });
});

describe('baton.assemble', () => {
  const written = (heading: string) => ({ heading, markdown: `All about ${heading.toLowerCase()}.` });

  it('joins the sections in the outline order, from a map step artifact', async () => {
    const items = [written('Tea today'), written('Origins'), written('The tea trade')];
    const answer = await ask(SECTION_SKILLS.assemble, [json(outline), json({ items, failed: [] })]);
    const document = DocumentSchema.parse(answer.data);
    expect(answer.name).toBe('document');
    expect(document.title).toBe(outline.title);
    expect(document.sections.map((section) => section.heading)).toEqual([
      'Origins',
      'The tea trade',
      'Tea today',
    ]);
    expect(document.markdown).toContain('## The tea trade\n\nAll about the tea trade.');
  });

  it('replaces only the sections it is sent in a document', async () => {
    const base = await ask(SECTION_SKILLS.assemble, [
      json(outline),
      json({ items: outline.sections.map((section) => written(section.heading)), failed: [] }),
    ]);
    const revised = await ask(SECTION_SKILLS.assemble, [
      json(base.data),
      json({ items: [{ heading: 'The tea trade', markdown: 'Rewritten.' }], failed: [] }),
    ]);
    const document = DocumentSchema.parse(revised.data);
    expect(document.sections.map((section) => section.markdown)).toEqual([
      'All about origins.',
      'Rewritten.',
      'All about tea today.',
    ]);
  });

  it('refuses an outline with a section nobody wrote, naming it', async () => {
    const refusal = await client
      .sendMessage(
        { message: userMessage([json(outline), json({ items: [written('Origins'), null], failed: [] })]) },
        { skillId: SECTION_SKILLS.assemble },
      )
      .catch((error: unknown) => error);
    expect(isA2AError(refusal, 'InvalidParamsError')).toBe(true);
    expect((refusal as Error).message).toContain('"The tea trade", "Tea today"');
  });
});
