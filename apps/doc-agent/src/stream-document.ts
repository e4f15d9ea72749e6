import {
  assembleDocument,
  contractPart,
  type Document,
  DocumentSchema,
  type DocumentSection,
} from '@baton/chain';
import { JsonValueSchema } from '@baton/protocol';
import type { ArtifactStream } from '@baton/server';

/** What {@link streamDocument} writes from. */
export interface StreamDocumentInput {
  /** The document's title (the outline's). */
  readonly title: string;
  /** The generator's chunks: markdown to append to the section named by `heading`. */
  readonly chunks: AsyncIterable<{ readonly heading: string; readonly markdown: string }>;
  /** The `document` artifact, not yet started. */
  readonly artifact: ArtifactStream;
  /** Stops the writing between chunks (CancelTask, shutdown). */
  readonly signal: AbortSignal;
}

/**
 * Streams a document into an artifact: the title, then each chunk as markdown text (a new heading opens a
 * `##` section), then a last chunk that ends the text and carries the assembled `Document` as a DataPart, so a
 * client that joins the streamed text reads the same markdown. Returns the document, or `undefined` when the
 * signal fired first (the artifact is then left open: the task is canceled anyway).
 */
export async function streamDocument(input: StreamDocumentInput): Promise<Document | undefined> {
  const { title, chunks, artifact, signal } = input;
  const sections: DocumentSection[] = [];
  // Text goes out as it comes, except whitespace at the edges of a section, which `assembleDocument` trims:
  // leading whitespace is dropped, trailing whitespace is held back until more text of the section follows.
  let heldBack = '';
  let sectionHasText = false;
  if (signal.aborted) return undefined;
  await artifact.write(`# ${title}\n\n`);
  for await (const chunk of chunks) {
    if (signal.aborted) return undefined;
    let out = '';
    let current = sections.at(-1);
    if (current === undefined || current.heading !== chunk.heading) {
      out = `${current === undefined ? '' : '\n\n'}## ${chunk.heading}\n\n`;
      current = { heading: chunk.heading, markdown: '' };
      sections.push(current);
      heldBack = '';
      sectionHasText = false;
    }
    current.markdown += chunk.markdown;
    const piece = sectionHasText ? chunk.markdown : chunk.markdown.trimStart();
    const full = `${heldBack}${piece}`;
    const body = full.trimEnd();
    heldBack = full.slice(body.length);
    if (body !== '') sectionHasText = true;
    out += body;
    if (out !== '') await artifact.write(out);
  }
  if (signal.aborted) return undefined;
  const checked = DocumentSchema.safeParse(assembleDocument(title, sections));
  if (!checked.success) throw new Error(`The generator wrote an invalid document: ${checked.error.message}`);
  // The JSON round trip drops keys zod leaves as `undefined`, which a DataPart cannot carry.
  const data = JsonValueSchema.parse(JSON.parse(JSON.stringify(checked.data)));
  await artifact.end([{ text: '\n' }, contractPart(data)]);
  return checked.data;
}
