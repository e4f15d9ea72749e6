import { describe, expect, it } from 'vitest';
import { DocumentSchema } from '../contracts/document.ts';
import type { Outline } from '../contracts/outline.ts';
import { assembleDocument } from './generators.ts';
import { createOfflineDocumentGenerator } from './offline-document-generator.ts';
import { buildOfflineOutline } from './offline-outline-generator.ts';

const signal = new AbortController().signal;

async function writeAll(outline: Outline) {
  const chunks: { heading: string; markdown: string }[] = [];
  for await (const chunk of createOfflineDocumentGenerator().write({ outline, signal })) chunks.push(chunk);
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
  const outline = buildOfflineOutline('urban beekeeping', { audience: 'city gardeners' });

  it('writes every section in outline order, a paragraph per chunk', async () => {
    const chunks = await writeAll(outline);
    const headings = [...new Set(chunks.map((chunk) => chunk.heading))];
    expect(headings).toEqual(outline.sections.map((section) => section.heading));
    for (const chunk of chunks) expect(chunk.markdown).toMatch(/^[^\n]+\n\n$/);
  });

  it('writes prose from each point of the outline', async () => {
    const text = (await writeAll(outline)).map((chunk) => chunk.markdown).join('');
    for (const point of outline.sections.flatMap((section) => section.points)) expect(text).toContain(point);
  });

  it('is deterministic and assembles into a valid document', async () => {
    const first = await writeAll(outline);
    expect(await writeAll(outline)).toEqual(first);
    expect(DocumentSchema.parse(toDocument(outline, first)).wordCount).toBeGreaterThan(200);
  });

  it('writes longer documents for longer outlines', async () => {
    const words = async (length: 'short' | 'long') =>
      toDocument(outline, await writeAll(buildOfflineOutline('urban beekeeping', { length }))).wordCount;
    expect(await words('long')).toBeGreaterThan((await words('short')) * 2);
  });

  it('writes from an outline it did not make, including odd points', async () => {
    const foreign: Outline = {
      title: 'Tea',
      topic: 'tea',
      sections: [
        { heading: 'Origins', points: ['China.', 'Camellia sinensis'] },
        { heading: 'Odd', points: ['...'] },
      ],
    };
    const chunks = await writeAll(foreign);
    expect(chunks.some((chunk) => chunk.markdown.includes('China and Camellia sinensis'))).toBe(true);
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
