import type { Outline } from '../contracts/outline.ts';
import { asSentence, defineAs } from '../knowledge/english.ts';
import { termLemmas } from '../knowledge/grammar.ts';
import { loadKnowledgeSource } from '../knowledge/knowledge-source.ts';
import { type KnowledgeFact, type KnowledgeSource, knowledgeOf } from '../knowledge/topic-knowledge.ts';
import type { DocumentChunk, DocumentGenerator } from './generators.ts';
import { type Instruction, readInstruction } from './instruction.ts';

/**
 * Writes the paragraphs of an outline without a model. A point the offline source knows (an offline outline's
 * facts) is developed with what the source says about it: a definition's examples and synonyms, the neighbours of
 * its kind, the kinds of a kind. Any other point (an outline from a model or a person) is developed with the
 * source's definitions of the terms it names. Every sentence comes from the outline or the source, none is
 * written twice, and the same outline (and instruction) always gives the same text. An instruction changes it:
 * "shorter" keeps the points alone, "longer" develops each fully (the technical facts too), plain readers ("for beginners") get one detail
 * per point and expert readers the technical ones (where WordNet files the meaning, its chain of kinds).
 */
export function* writeOfflineDocument(
  outline: Outline,
  instruction: Instruction,
  source: KnowledgeSource,
): Generator<DocumentChunk> {
  // The outline's reader counts when the instruction names none ("for beginners" on a refined outline).
  if (instruction.audience === undefined && outline.audience && outline.audience !== 'general readers') {
    instruction = { ...readInstruction(`for ${outline.audience}`), ...instruction };
  }
  const knowledge = knowledgeOf(outline.topic, source);
  const facts = new Map<string, KnowledgeFact>();
  const intros = new Map<string, string>();
  for (const section of knowledge.sections) {
    if (section.intro) intros.set(normalize(section.heading), section.intro);
    for (const fact of section.facts) facts.set(normalize(fact.point), fact);
  }
  const detailCount =
    instruction.scale === 'shorter' ? 0 : instruction.scale === 'longer' ? 4 : instruction.plain ? 1 : 2;
  const technical =
    instruction.scale === 'longer' ||
    (instruction.audience !== undefined && !instruction.plain && instruction.scale !== 'shorter');
  const written = new Set<string>();
  const defined = new Set<string>();
  const fresh = (sentences: readonly string[]) =>
    sentences.filter((sentence) => {
      const key = normalize(sentence);
      if (written.has(key)) return false;
      written.add(key);
      return true;
    });
  for (const section of outline.sections) {
    const intro = intros.get(normalize(section.heading));
    if (intro && section.points.length > 1 && instruction.scale !== 'shorter') {
      const [sentence] = fresh([asSentence(intro)]);
      if (sentence) yield { heading: section.heading, markdown: `${sentence}\n\n` };
    }
    const points = section.points.length > 0 ? section.points : [section.heading];
    for (const point of points) {
      const fact = facts.get(normalize(point));
      const development = fact
        ? [...fact.details.slice(0, detailCount), ...(technical ? fact.technical : [])]
        : termDefinitions(point, source, defined, Math.min(detailCount, 2));
      const sentences = fresh([asSentence(point), ...development]);
      if (sentences.length > 0) yield { heading: section.heading, markdown: `${sentences.join(' ')}\n\n` };
    }
  }
}

/** Definitions of the terms a point names that the source knows and the document has not defined yet. */
function termDefinitions(
  point: string,
  source: KnowledgeSource,
  defined: Set<string>,
  count: number,
): string[] {
  const sentences: string[] = [];
  for (const phrase of source.grammar.nounPhrases(point)) {
    if (sentences.length >= count) break;
    for (const lemma of termLemmas(phrase, source.grammar)) {
      if (lemma.length < 4 || defined.has(lemma)) continue;
      const [meaning] = source.wordnet.lookup(lemma, 'n');
      if (!meaning) continue;
      defined.add(lemma);
      sentences.push(defineAs(lemma.charAt(0).toUpperCase() + lemma.slice(1), meaning.definition));
      break;
    }
  }
  return sentences;
}

function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s.!?]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Options of {@link createOfflineDocumentGenerator}. */
export interface OfflineDocumentOptions {
  /** Wait before each chunk, as a model streaming at a steady pace would (demos, tests of runs in flight); default 0. */
  readonly chunkDelayMs?: number;
}

/** The offline document generator: prose from the outline and the offline source (and the instruction, if any), one chunk per paragraph. */
export function createOfflineDocumentGenerator(options: OfflineDocumentOptions = {}): DocumentGenerator {
  const delay = options.chunkDelayMs ?? 0;
  return {
    async *write({ outline, signal, instructions }) {
      const source = await loadKnowledgeSource();
      for (const chunk of writeOfflineDocument(outline, readInstruction(instructions), source)) {
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
