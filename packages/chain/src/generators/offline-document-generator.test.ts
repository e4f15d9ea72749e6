import { describe, expect, it } from 'vitest';
import { DocumentSchema } from '../contracts/document.ts';
import type { Outline } from '../contracts/outline.ts';
import { loadKnowledgeSource } from '../knowledge/knowledge-source.ts';
import { assembleDocument } from './generators.ts';
import { createOfflineDocumentGenerator } from './offline-document-generator.ts';
import { buildOfflineOutline } from './offline-outline-generator.ts';

const signal = new AbortController().signal;
const source = await loadKnowledgeSource();

async function writeAll(outline: Outline, instructions?: string) {
  const chunks: { heading: string; markdown: string }[] = [];
  for await (const chunk of createOfflineDocumentGenerator().write({
    outline,
    signal,
    ...(instructions ? { instructions } : {}),
  }))
    chunks.push(chunk);
  return chunks;
}

function toDocument(outline: Outline, chunks: readonly { heading: string; markdown: string }[]) {
  const sections = new Map<string, string>();
  for (const chunk of chunks)
    sections.set(chunk.heading, (sections.get(chunk.heading) ?? '') + chunk.markdown);
  return assembleDocument(
    outline.title,
    [...sections].map(([heading, markdown]) => ({ heading, markdown })),
  );
}

describe('createOfflineDocumentGenerator', () => {
  const outline = buildOfflineOutline('The history of coffee', {}, source);

  it('writes every section in outline order, a paragraph per chunk', async () => {
    const chunks = await writeAll(outline);
    const headings = [...new Set(chunks.map((chunk) => chunk.heading))];
    expect(headings).toEqual(outline.sections.map((section) => section.heading));
    for (const chunk of chunks) expect(chunk.markdown).toMatch(/^[^\n]+\n\n$/);
  });

  it('states each point of the outline and develops it from the source', async () => {
    const text = (await writeAll(outline)).map((chunk) => chunk.markdown).join('');
    for (const point of outline.sections.flatMap((section) => section.points)) expect(text).toContain(point);
    expect(text).toContain('It is also called java.');
    expect(text).toMatch(/Other kinds of beverage in WordNet include [^.]*tea/);
  });

  it('is deterministic and assembles into a valid document', async () => {
    const first = await writeAll(outline);
    expect(await writeAll(outline)).toEqual(first);
    expect(DocumentSchema.parse(toDocument(outline, first)).wordCount).toBeGreaterThan(150);
  });

  it('writes less when asked for shorter and more for longer, and the technical facts for experts', async () => {
    const words = async (instructions?: string) =>
      toDocument(outline, await writeAll(outline, instructions)).wordCount;
    expect(await words('shorter')).toBeLessThan(await words());
    expect(await words('longer')).toBeGreaterThan(await words());
    const experts = (await writeAll(outline, 'for experts')).map((chunk) => chunk.markdown).join('');
    expect(experts).toContain("In WordNet's hierarchy, coffee sits under beverage, food");
    const beginners = (await writeAll(outline, 'for beginners')).map((chunk) => chunk.markdown).join('');
    expect(beginners).not.toContain("WordNet's hierarchy");
  });

  it('develops an outline it did not make with the definitions of the terms its points name', async () => {
    const foreign: Outline = {
      title: 'Tea',
      topic: 'tea',
      sections: [
        { heading: 'Origins', points: ['China grew the first tea plants.', 'Camellia sinensis'] },
        { heading: 'Odd', points: ['...'] },
      ],
    };
    const chunks = await writeAll(foreign);
    const origins = chunks.filter((chunk) => chunk.heading === 'Origins').map((chunk) => chunk.markdown);
    expect(origins[0]).toMatch(/^China grew the first tea plants\. China is /);
    expect(origins[1]).toMatch(/^Camellia sinensis\./);
    expect(chunks.filter((chunk) => chunk.heading === 'Odd').length).toBeGreaterThan(0);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const iterator = createOfflineDocumentGenerator()
      .write({ outline, signal: controller.signal })
      [Symbol.asyncIterator]();
    await iterator.next();
    controller.abort();
    await expect(iterator.next()).rejects.toThrow();
  });
});
