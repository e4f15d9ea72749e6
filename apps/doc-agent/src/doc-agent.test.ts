import {
  buildOfflineOutline,
  CHAIN_SKILLS,
  createOfflineDocumentGenerator,
  type DocumentGenerator,
  DocumentSchema,
  loadKnowledgeSource,
  type Outline,
  SECTION_SKILLS,
} from '@baton/chain';
import {
  type A2AClient,
  createA2AClient,
  createArtifactAssembler,
  dataPart,
  textPart,
  userMessage,
} from '@baton/client';
import { isA2AError, type TaskArtifactUpdateEvent, type TaskState } from '@baton/protocol';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createDocAgent } from './doc-agent.ts';

const outline = {
  title: 'Tea: a short history',
  topic: 'tea',
  sections: [
    { heading: 'Origins', points: ['Legends of Shennong', 'Tea in Tang China'] },
    { heading: 'The tea trade', points: ['The Dutch and English East India companies'] },
    { heading: 'Tea today', points: ['Green, black and oolong', 'Tea bags'] },
  ],
} satisfies Outline;

const outlineRequest = (...extra: Parameters<typeof textPart>[0][]) => ({
  message: userMessage([
    dataPart(outline, { mediaType: 'application/json' }),
    ...extra.map((t) => textPart(t)),
  ]),
});

const servers: RunningA2AServer[] = [];
async function clientFor(generator: DocumentGenerator): Promise<A2AClient> {
  const running = await startA2AServer(createDocAgent({ generator }), { port: 0 });
  servers.push(running);
  return createA2AClient({ agent: running.url });
}
afterAll(() => Promise.all(servers.map((running) => running.close())));

describe('the doc agent', () => {
  it('advertises the document skill the orchestrator looks for', async () => {
    const client = await clientFor(createOfflineDocumentGenerator());
    expect(client.card.skills.map((skill) => skill.id)).toEqual([
      CHAIN_SKILLS.document,
      SECTION_SKILLS.section,
      SECTION_SKILLS.assemble,
    ]);
  });

  it('streams one document artifact section by section, ending with the Document as data', async () => {
    const client = await clientFor(createOfflineDocumentGenerator());
    const updates: TaskArtifactUpdateEvent[] = [];
    const states: TaskState[] = [];
    const assembler = createArtifactAssembler();
    for await (const event of client.streamMessage(outlineRequest())) {
      assembler.feed(event);
      if ('artifactUpdate' in event && event.artifactUpdate) updates.push(event.artifactUpdate);
      if ('statusUpdate' in event && event.statusUpdate) states.push(event.statusUpdate.status.state);
    }
    expect(states.at(-1)).toBe('TASK_STATE_COMPLETED');
    expect(updates.length).toBeGreaterThan(outline.sections.length + 1);
    expect(new Set(updates.map((update) => update.artifact.artifactId)).size).toBe(1);
    expect(updates[0]?.artifact.name).toBe('document');
    expect(updates.map((update) => update.append ?? false)).toEqual(updates.map((_, index) => index > 0));
    expect(updates.map((update) => update.lastChunk ?? false)).toEqual(
      updates.map((_, index) => index === updates.length - 1),
    );

    const last = updates.at(-1)?.artifact.parts.find((part) => 'data' in part);
    const document = DocumentSchema.parse(last && 'data' in last ? last.data : undefined);
    expect(document.sections.map((section) => section.heading)).toEqual(
      outline.sections.map((section) => section.heading),
    );
    // A client that joins the streamed text reads exactly the document's markdown.
    expect(assembler.text(updates[0]?.artifact.artifactId ?? '')).toBe(document.markdown);
  });

  it('passes the text of the request on as instructions', async () => {
    const seen: (string | undefined)[] = [];
    const client = await clientFor({
      async *write({ outline: given, instructions }) {
        seen.push(instructions);
        for (const section of given.sections) yield { heading: section.heading, markdown: 'Short.' };
      },
    });
    const response = await client.sendMessage(outlineRequest('Write it for children'));
    expect('task' in response && response.task?.status.state).toBe('TASK_STATE_COMPLETED');
    expect(seen).toEqual(['Write it for children']);
  });

  it('writes a visibly different document when an instruction asks for it (shorter, for experts)', async () => {
    const client = await clientFor(createOfflineDocumentGenerator());
    const write = async (...extra: string[]) => {
      const response = await client.sendMessage(
        outlineRequest('Write the document for this outline.', ...extra),
      );
      const task = 'task' in response ? response.task : undefined;
      const data = task?.artifacts?.[0]?.parts.find((part) => 'data' in part);
      return DocumentSchema.parse(data && 'data' in data ? data.data : undefined);
    };
    const plain = await write();
    const shorter = await write('Make it shorter.');
    expect(shorter.wordCount).toBeLessThan(plain.wordCount * 0.8);
    // For experts, an outline of the offline source's facts gets the technical ones too.
    const offline = buildOfflineOutline('tea', {}, await loadKnowledgeSource());
    const writeOffline = async (text: string) => {
      const response = await client.sendMessage({
        message: userMessage([
          dataPart(JSON.parse(JSON.stringify(offline)), { mediaType: 'application/json' }),
          textPart(text),
        ]),
      });
      const task = 'task' in response ? response.task : undefined;
      const data = task?.artifacts?.[0]?.parts.find((part) => 'data' in part);
      return DocumentSchema.parse(data && 'data' in data ? data.data : undefined).markdown;
    };
    expect(await writeOffline('Write the document.')).not.toContain("WordNet's hierarchy");
    expect(await writeOffline('Rewrite it for experts.')).toContain(
      "In WordNet's hierarchy, tea sits under beverage, food, substance, matter and physical entity.",
    );
  });

  it.each([
    ['no outline at all', userMessage('Write about tea'), /^Expected the outline as a JSON DataPart/],
    [
      'an outline with a section without points',
      userMessage([dataPart({ ...outline, sections: [{ heading: 'Origins', points: [] }] })]),
      /^The outline is invalid: sections\[0\]\.points: /,
    ],
    [
      'an outline without a title',
      userMessage([dataPart({ topic: 'tea', sections: outline.sections })]),
      /^The outline is invalid: title: /,
    ],
  ])('answers %s with InvalidParams naming the field', async (_, message, reason) => {
    const client = await clientFor(createOfflineDocumentGenerator());
    const error = await client.sendMessage({ message }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(isA2AError(error, 'InvalidParamsError')).toBe(true);
    expect(error).toHaveProperty('message', expect.stringMatching(reason));
  });
});

describe('canceling the doc agent', () => {
  let produced = 0;
  let sawAbort = false;
  /** A slow generator that would write for ten seconds and ignores the signal: the agent must stop pulling. */
  const endless: DocumentGenerator = {
    async *write({ signal }) {
      signal.addEventListener('abort', () => {
        sawAbort = true;
      });
      for (let index = 0; index < 1000; index += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        produced += 1;
        yield { heading: `Part ${Math.ceil(produced / 3)}`, markdown: `Paragraph ${produced}. ` };
      }
    },
  };
  afterEach(() => {
    produced = 0;
  });

  it('ends the task CANCELED mid-stream, aborts the signal and stops pulling chunks', async () => {
    const client = await clientFor(endless);
    let taskId: string | undefined;
    let chunks = 0;
    const states: TaskState[] = [];
    for await (const event of client.streamMessage(outlineRequest())) {
      if ('task' in event && event.task) taskId = event.task.id;
      if ('artifactUpdate' in event && event.artifactUpdate) {
        chunks += 1;
        if (chunks === 3 && taskId !== undefined) await client.cancelTask(taskId);
      }
      if ('statusUpdate' in event && event.statusUpdate) states.push(event.statusUpdate.status.state);
    }
    expect(states.at(-1)).toBe('TASK_STATE_CANCELED');
    expect((await client.getTask(taskId ?? '')).status.state).toBe('TASK_STATE_CANCELED');
    expect(sawAbort).toBe(true);
    const stoppedAt = produced;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(produced).toBeLessThanOrEqual(stoppedAt + 1);
  });
});
