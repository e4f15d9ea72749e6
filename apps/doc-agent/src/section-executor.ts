import {
  assembleDocument,
  contractPart,
  type DocumentGenerator,
  type DocumentSection,
  documentIn,
  outlineIn,
  SECTION_ARTIFACTS,
  SectionRequestSchema,
  SectionSchema,
  sectionsIn,
} from '@baton/chain';
import { A2AError, JsonValueSchema, type Message } from '@baton/protocol';
import { type AgentExecutor, messageText } from '@baton/server';

const dataOf = (message: Pick<Message, 'parts'>) =>
  message.parts.flatMap((part) => ('data' in part ? [part.data] : []));

/** The JSON round trip drops keys zod leaves as `undefined`, which a DataPart cannot carry. */
const asData = (value: unknown) => JsonValueSchema.parse(JSON.parse(JSON.stringify(value)));

/**
 * `baton.section`: writes one section. In: the section as a DataPart (`{ heading, points, note? }`, an item of a
 * map over the outline's sections or of a review's `rewrite`), the outline as another (its title, topic and
 * audience), and instructions as text. Out: a `section` artifact (its markdown as text, `{ heading, markdown }`
 * as data).
 */
export function createSectionExecutor(generator: DocumentGenerator): AgentExecutor {
  return async (ctx) => {
    const data = dataOf(ctx.message);
    const request = data
      .map((value) => SectionRequestSchema.safeParse(value))
      .find((parsed) => parsed.success)?.data;
    if (request === undefined)
      throw A2AError.invalidParams(
        'Expected the section to write as a JSON DataPart ({ "heading", "points": [...] }); none was sent',
      );
    const outline = outlineIn(data);
    const instructions = [messageText(ctx.message).trim(), request.note ?? '']
      .filter((text) => text !== '')
      .join('\n');
    await ctx.working(`Writing "${request.heading}"`);
    let markdown = '';
    for await (const chunk of generator.write({
      outline: {
        title: outline?.title ?? request.heading,
        topic: outline?.topic ?? request.heading,
        ...(outline?.audience === undefined ? {} : { audience: outline.audience }),
        sections: [{ heading: request.heading, points: request.points }],
      },
      signal: ctx.signal,
      progress: (text) => ctx.working(text),
      ...(instructions === '' ? {} : { instructions }),
    })) {
      if (ctx.signal.aborted) return;
      markdown += chunk.markdown;
    }
    if (ctx.signal.aborted) return;
    const section = SectionSchema.parse({ heading: request.heading, markdown: markdown.trim() });
    await ctx.addArtifact({
      artifactId: SECTION_ARTIFACTS.section,
      name: SECTION_ARTIFACTS.section,
      description: request.heading,
      parts: [{ text: section.markdown }, contractPart(asData(section))],
    });
    await ctx.complete(`Wrote "${section.heading}".`);
  };
}

/**
 * `baton.assemble`: joins written sections into one document, in order. In: an outline or a document (what fixes
 * the order and the title) and the sections as DataParts (sections, lists of them, or a map step's `{ items }`).
 * A section replaces the one of the same heading; the outline's headings must all be written. Out: a `document`
 * artifact like the doc agent's.
 */
export const assembleExecutor: AgentExecutor = async (ctx) => {
  const data = dataOf(ctx.message);
  const base = documentIn(data);
  const outline = base === undefined ? outlineIn(data) : undefined;
  if (base === undefined && outline === undefined)
    throw A2AError.invalidParams(
      'Expected an outline or a document as a JSON DataPart (the order and the title)',
    );
  const written = sectionsIn(data.filter((value) => value !== base && value !== outline));
  const byHeading = new Map(written.map((section) => [section.heading.toLowerCase(), section]));
  const order = base
    ? base.sections.map((section) => section.heading)
    : (outline?.sections ?? []).map((s) => s.heading);
  const sections: DocumentSection[] = [];
  const missing: string[] = [];
  for (const heading of order) {
    const section =
      byHeading.get(heading.toLowerCase()) ?? base?.sections.find((kept) => kept.heading === heading);
    if (section) sections.push(section);
    else missing.push(heading);
    byHeading.delete(heading.toLowerCase());
  }
  if (missing.length > 0)
    throw A2AError.invalidParams(
      `No written section for ${missing.map((heading) => `"${heading}"`).join(', ')}`,
    );
  sections.push(...byHeading.values());
  const document = assembleDocument(base?.title ?? outline?.title ?? 'Document', sections);
  await ctx.addArtifact({
    artifactId: SECTION_ARTIFACTS.assemble,
    name: SECTION_ARTIFACTS.assemble,
    description: document.title,
    parts: [{ text: document.markdown }, contractPart(asData(document))],
  });
  const replaced = written.length;
  await ctx.complete(
    `Assembled "${document.title}": ${sections.length} sections (${replaced} written), ${document.wordCount} words.`,
  );
};
