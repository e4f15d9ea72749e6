import {
  assembleDocument,
  buildOfflineOutline,
  CHAIN_SKILLS,
  createExtractiveSummaryGenerator,
  loadKnowledgeSource,
  SECTION_SKILLS,
  SummarySchema,
  writeOfflineDocument,
} from '@baton/chain';
import {
  type A2AClient,
  artifactText,
  createA2AClient,
  dataPart,
  firstDataPart,
  textPart,
  userMessage,
} from '@baton/client';
import { isA2AError, type Message, type SendMessageResponse, type Task } from '@baton/protocol';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSummaryAgent } from './summary-agent.ts';

const ARTICLE = [
  '# Bees and pollination',
  '',
  'Honey bees pollinate about a third of the crops people eat. A single colony can visit millions of flowers in a day.',
  'Without bees, orchards would need to be pollinated by hand. Farmers rent hives each spring for that reason.',
  '',
  '## Threats',
  '',
  'Pesticides weaken colonies and confuse foraging bees. Mites spread viruses between hives.',
  'Loss of wild flowers leaves bees short of food in late summer.',
].join('\n');

function taskOf(response: SendMessageResponse): Task {
  if (!('task' in response) || response.task === undefined) throw new Error('expected a task');
  return response.task;
}

function sentencesOf(text: string): string[] {
  return text.match(/[^.!?]+[.!?]/g)?.map((sentence) => sentence.trim()) ?? [];
}

describe('the summary agent', () => {
  let running: RunningA2AServer;
  let client: A2AClient;
  beforeAll(async () => {
    running = await startA2AServer(createSummaryAgent({ generator: createExtractiveSummaryGenerator() }));
    client = await createA2AClient({ agent: running.url });
  });
  afterAll(() => running.close());

  const send = async (message: Message) => taskOf(await client.sendMessage({ message }));

  it('advertises the summary skill the orchestrator looks for', () => {
    expect(client.card.skills.map((skill) => skill.id)).toEqual([
      CHAIN_SKILLS.summary,
      SECTION_SKILLS.review,
    ]);
  });

  it('summarizes a Document DataPart into a summary artifact with text and a Summary', async () => {
    const source = await loadKnowledgeSource();
    const outline = buildOfflineOutline('the history of tea', { sections: 4 }, source);
    const document = assembleDocument(outline.title, [
      ...outline.sections.map((section) => ({
        heading: section.heading,
        markdown: [...writeOfflineDocument({ ...outline, sections: [section] }, {}, source)]
          .map((chunk) => chunk.markdown)
          .join(''),
      })),
    ]);
    const task = await send(userMessage([dataPart(document, { mediaType: 'application/json' })]));
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    const artifact = task.artifacts?.find((candidate) => candidate.name === 'summary');
    const summary = SummarySchema.parse(firstDataPart(task, 'summary')?.data);
    expect(summary.title).toBe(outline.title);
    expect(summary.sourceWordCount).toBe(document.wordCount);
    expect(summary.summaryWordCount).toBeLessThan(summary.sourceWordCount);
    expect(artifact && artifactText(artifact)).toBe(summary.summary);
  });

  it('summarizes pasted markdown with sentences taken from it', async () => {
    const task = await send(userMessage(ARTICLE));
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    const summary = SummarySchema.parse(firstDataPart(task, 'summary')?.data);
    expect(summary.title).toBe('Bees and pollination');
    const source = sentencesOf(ARTICLE.replace(/^#.*$/gm, ''));
    const picked = sentencesOf(summary.summary);
    expect(picked.length).toBeGreaterThan(0);
    for (const sentence of picked) expect(source).toContain(sentence);
    // Key points are sentences of the text, each prefixed with its section ("Threats: …").
    for (const point of summary.keyPoints)
      expect(source.some((sentence) => point.endsWith(sentence))).toBe(true);
  });

  it('summarizes plain text spread over several text parts', async () => {
    const parts = sentencesOf(ARTICLE.replace(/^#.*$/gm, '')).map((sentence) => textPart(sentence));
    const task = await send(userMessage(parts));
    const summary = SummarySchema.parse(firstDataPart(task, 'summary')?.data);
    expect(summary.title).toBe('Honey bees pollinate about a third of the crops people eat.');
    for (const sentence of sentencesOf(summary.summary)) expect(ARTICLE).toContain(sentence);
  });

  it.each([
    [
      'an invalid document',
      userMessage([dataPart({ title: 'Bees', sections: [] })]),
      /^The document is invalid: /,
    ],
    ['nothing to summarize', userMessage('   '), /^Expected the document as a JSON DataPart, or the text/],
  ])('answers %s with InvalidParams', async (_, message, reason) => {
    const error = await client.sendMessage({ message }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(isA2AError(error, 'InvalidParamsError')).toBe(true);
    expect(error).toHaveProperty('message', expect.stringMatching(reason));
  });

  it('follows the request that comes with the document: audience and length', async () => {
    const source = await loadKnowledgeSource();
    const outline = buildOfflineOutline('The history of coffee', { length: 'long' }, source);
    const chunks = [...writeOfflineDocument(outline, {}, source)];
    const sections = new Map<string, string>();
    for (const chunk of chunks)
      sections.set(chunk.heading, (sections.get(chunk.heading) ?? '') + chunk.markdown);
    const document = assembleDocument(
      outline.title,
      [...sections].map(([heading, markdown]) => ({ heading, markdown })),
    );
    const ask = async (request: string) => {
      const task = taskOf(
        await client.sendMessage({ message: userMessage([textPart(request), dataPart(document)]) }),
      );
      return SummarySchema.parse(firstDataPart(task, 'summary')?.data);
    };
    const plain = await ask('Summarize this document.');
    const beginners = await ask('Summarize this document for beginners in 2 sentences.');
    expect(plain.title).toBe(outline.title);
    expect(beginners.title).toBe(`${outline.title}, for beginners`);
    expect(sentencesOf(beginners.summary)).toHaveLength(2);
    expect(beginners.summary).not.toBe(plain.summary);
  });

  it('merges several summaries into one brief', async () => {
    const summary = (title: string, text: string) => ({
      title,
      summary: text,
      keyPoints: [text],
      sourceWordCount: 100,
      summaryWordCount: 5,
    });
    const task = taskOf(
      await client.sendMessage({
        message: userMessage([
          textPart('Merge these summaries into one brief.'),
          dataPart(
            summary('Bees, for beginners', 'Bees carry pollen between flowers so that fruit can grow.'),
          ),
          dataPart(
            summary('Bees, for experts', 'Colony collapse follows from mites, pesticides and poor forage.'),
          ),
        ]),
      }),
    );
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    const brief = SummarySchema.parse(firstDataPart(task, 'summary')?.data);
    expect(brief.title).toBe('Bees: a brief');
    // One paragraph per audience, each saying whom it is for.
    expect(brief.summary.split('\n\n')).toEqual([
      'For beginners: Bees carry pollen between flowers so that fruit can grow.',
      'For experts: Colony collapse follows from mites, pesticides and poor forage.',
    ]);
  });
});
