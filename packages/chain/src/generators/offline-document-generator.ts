import type { Outline, OutlineSection } from '../contracts/outline.ts';
import type { DocumentChunk, DocumentGenerator } from './generators.ts';
import { type Instruction, readInstruction } from './instruction.ts';
import {
  AUDIENCE_NOTES,
  POINT_CLOSINGS,
  POINT_ELABORATIONS,
  POINT_OPENINGS,
  SECTION_INTROS,
} from './prose-templates.ts';
import { stableHash } from './stable-pick.ts';
import { topicPhrase } from './topic-phrase.ts';
import { capitalize, cleanTopic, shortenText } from './topic-text.ts';

/**
 * Writes the paragraphs of an outline without a model: an introduction per section (when it has several points),
 * then a paragraph per point, developed from the point itself. No sentence template is used twice in one
 * document, the topic is named in full once per section and referred to after that, and the same outline (and
 * instruction) always gives the same text. An instruction changes it: "shorter" keeps one sentence per point and
 * no introductions, "longer" develops every point fully, "for experts" writes for that reader and ends each
 * section with what they should keep.
 */
export function* writeOfflineDocument(
  outline: Outline,
  instruction: Instruction = {},
): Generator<DocumentChunk> {
  const phrase = topicPhrase(shortenText(cleanTopic(outline.topic), 60));
  const audience = instruction.audience ?? outline.audience ?? 'readers';
  const shorter = instruction.scale === 'shorter';
  const longer = instruction.scale === 'longer';
  const templates = createTemplateDeck(`${outline.title}|${instruction.audience ?? ''}`);
  let references = 0;
  const ref = () => phrase.references[references++ % phrase.references.length] ?? 'the subject';
  for (const section of outline.sections) {
    const points = section.points.map(asPhrase).filter((point) => point.length > 0);
    const seed = `${outline.title}|${section.heading}`;
    if (points.length > 1 && !shorter) {
      const intro = templates.take(SECTION_INTROS, `${seed}|intro`);
      if (intro)
        yield { heading: section.heading, markdown: `${intro.replace('{list}', joinList(points))}\n\n` };
    }
    const fill = (template: string, point: string) =>
      template
        .replaceAll('{Point}', capitalize(point))
        .replaceAll('{point}', point)
        .replaceAll('{topic}', phrase.inSentence)
        .replaceAll('{ref}', ref())
        .replaceAll('{audience}', audience);
    const developed = points.length > 0 ? points : [asPhrase(section.heading) || phrase.inSentence];
    for (const [index, point] of developed.entries()) {
      const hash = stableHash(`${seed}|${index}`);
      const sentences: string[] = [];
      const opening = templates.take(POINT_OPENINGS, `${seed}|${index}|open`);
      sentences.push(fill(opening ?? '{Point}.', point));
      const elaborations = shorter ? 0 : longer ? 2 : 1 + (hash % 2);
      for (let step = 0; step < elaborations; step += 1) {
        const elaboration = templates.take(POINT_ELABORATIONS, `${seed}|${index}|more${step}`);
        if (elaboration) sentences.push(fill(elaboration, point));
      }
      if (!shorter && (longer || hash % 3 === 0)) {
        const closing = templates.take(POINT_CLOSINGS, `${seed}|${index}|close`);
        if (closing) sentences.push(fill(closing, point));
      }
      yield { heading: section.heading, markdown: `${sentences.join(' ')}\n\n` };
    }
    if (instruction.audience !== undefined) {
      const note = templates.take(AUDIENCE_NOTES, `${seed}|audience`);
      const point = developed.at(-1);
      if (note && point) yield { heading: section.heading, markdown: `${fill(note, point)}\n\n` };
    }
  }
}

/** Options of {@link createOfflineDocumentGenerator}. */
export interface OfflineDocumentOptions {
  /** Wait before each chunk, as a model streaming at a steady pace would (demos, tests of runs in flight); default 0. */
  readonly chunkDelayMs?: number;
}

/** The offline document generator: deterministic prose from the outline's points (and the instruction, if any), one chunk per paragraph. */
export function createOfflineDocumentGenerator(options: OfflineDocumentOptions = {}): DocumentGenerator {
  const delay = options.chunkDelayMs ?? 0;
  return {
    async *write({ outline, signal, instructions }) {
      for (const chunk of writeOfflineDocument(outline, readInstruction(instructions))) {
        if (delay > 0) await waitFor(delay, signal);
        signal.throwIfAborted();
        yield chunk;
      }
    },
  };
}

/** Resolves after `ms`, or rejects with the signal's reason once it fires. */
function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Hands out templates so none is used twice in one document: each draw starts at a place the seed chooses and
 * takes the first template not used yet; `undefined` once a list is spent (the sentence is then left out).
 */
function createTemplateDeck(documentSeed: string) {
  const used = new Set<string>();
  return {
    take(list: readonly string[], seed: string): string | undefined {
      const start = stableHash(`${documentSeed}|${seed}`) % list.length;
      for (let step = 0; step < list.length; step += 1) {
        const template = list[(start + step) % list.length];
        if (template !== undefined && !used.has(template)) {
          used.add(template);
          return template;
        }
      }
      return undefined;
    },
  };
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
