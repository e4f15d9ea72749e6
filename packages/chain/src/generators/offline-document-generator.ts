import type { Outline, OutlineSection } from '../contracts/outline.ts';
import type { DocumentChunk, DocumentGenerator } from './generators.ts';
import { POINT_CLOSINGS, POINT_ELABORATIONS, POINT_OPENINGS, SECTION_INTROS } from './prose-templates.ts';
import { stableHash, stablePick } from './stable-pick.ts';
import { capitalize, cleanTopic, shortenText } from './topic-text.ts';

/**
 * Writes the paragraphs of an outline without a model: an introduction per section, then a paragraph of two
 * to four sentences per point, varied by templates and always the same for the same outline.
 */
export function* writeOfflineDocument(outline: Outline): Generator<DocumentChunk> {
  const topic = shortenText(cleanTopic(outline.topic), 60);
  const audience = outline.audience ?? 'readers';
  for (const section of outline.sections) {
    const points = section.points.map(asPhrase).filter((point) => point.length > 0);
    const seed = `${outline.title}|${section.heading}`;
    if (points.length > 1) {
      const intro = stablePick(SECTION_INTROS, `${seed}|intro`).replace('{list}', joinList(points));
      yield { heading: section.heading, markdown: `${intro}\n\n` };
    }
    for (const [index, point] of (points.length > 0
      ? points
      : [asPhrase(section.heading) || topic]
    ).entries()) {
      const paragraph = writePointParagraph({ point, topic, audience, seed, index });
      yield { heading: section.heading, markdown: `${paragraph}\n\n` };
    }
  }
}

/** The offline document generator: deterministic prose from the outline's points, one chunk per paragraph. */
export function createOfflineDocumentGenerator(): DocumentGenerator {
  return {
    async *write({ outline, signal }) {
      for (const chunk of writeOfflineDocument(outline)) {
        signal.throwIfAborted();
        yield chunk;
      }
    },
  };
}

function writePointParagraph(input: {
  point: string;
  topic: string;
  audience: string;
  seed: string;
  index: number;
}): string {
  const { point, topic, audience, seed, index } = input;
  // One hash per section and an index step, so neighbouring paragraphs never reuse a sentence template.
  const hash = stableHash(seed);
  const fill = (template: string) =>
    template
      .replaceAll('{Point}', capitalize(point))
      .replaceAll('{point}', point)
      .replaceAll('{topic}', topic)
      .replaceAll('{audience}', audience);
  const elaborationCount = 1 + ((hash >>> (index % 16)) % 2);
  const sentences = [
    fill(POINT_OPENINGS[(hash + index) % POINT_OPENINGS.length] ?? POINT_OPENINGS[0]),
    ...Array.from({ length: elaborationCount }, (_, step) =>
      fill(
        POINT_ELABORATIONS[(hash + index * 2 + step) % POINT_ELABORATIONS.length] ?? POINT_ELABORATIONS[0],
      ),
    ),
  ];
  if ((hash >>> (index % 16)) % 3 === 0) sentences.push(fill(stablePick(POINT_CLOSINGS, seed, index)));
  return sentences.join(' ');
}

/** A point as a phrase to place mid-sentence: trimmed, without trailing punctuation. */
function asPhrase(point: OutlineSection['points'][number]): string {
  return point
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s.;:!?,。！？]+$/u, '');
}

function joinList(items: readonly string[]): string {
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
