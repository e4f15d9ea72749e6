import type { Document } from '../contracts/document.ts';
import type { Summary } from '../contracts/summary.ts';
import type { SummaryGenerator } from './generators.ts';
import { type Instruction, readInstruction } from './instruction.ts';
import { type SourceSentence, splitMarkdownSentences } from './markdown-sentences.ts';
import { STOP_WORDS } from './stop-words.ts';
import { countWords } from './topic-text.ts';

/** How long the extractive summary is. Both are optional; the defaults grow with the document. */
export interface ExtractiveSummaryOptions {
  /** Sentences in `summary` (default: one per eight source sentences, between 2 and 6). */
  readonly sentences?: number;
  /** Entries in `keyPoints` (default: one per section, between 3 and 6). */
  readonly keyPoints?: number;
}

interface ScoredSentence extends SourceSentence {
  readonly score: number;
  readonly terms: ReadonlySet<string>;
}

/**
 * Summarizes any document by extraction: sentences scored by normalized term frequency (stop words removed)
 * with a bonus for leading positions, the best kept in their original order, key points from the best
 * sentence of each section.
 */
export function summarizeExtractively(
  document: Document,
  options: ExtractiveSummaryOptions = {},
  instruction: Instruction = {},
): Summary {
  const sentences = scoreSentences(readSentences(document), document.title, instruction);
  const sections = [...new Set(sentences.map((sentence) => sentence.section))];
  const standard = options.sentences ?? clamp(Math.round(sentences.length / 8), 2, 6);
  const summaryCount =
    instruction.sentences ??
    (instruction.scale === 'shorter'
      ? Math.max(1, Math.floor(standard / 2))
      : instruction.scale === 'longer'
        ? Math.min(12, standard * 2)
        : standard);
  const keyPointCount = options.keyPoints ?? clamp(sections.length, 3, 6);
  const summary =
    instruction.merge && sections.length >= 2
      ? mergedParagraphs(sentences, sections, summaryCount)
      : inOrder(pickDistinct(sentences, summaryCount))
          .map((sentence) => sentence.text)
          .join(' ');
  const keyPoints =
    sections.filter((section) => section !== undefined).length >= 2
      ? sectionKeyPoints(sentences, keyPointCount)
      : inOrder(pickDistinct(sentences, keyPointCount)).map((sentence) => sentence.text);
  const finalSummary = summary || document.title;
  return {
    title: instruction.audience ? `${document.title}, for ${instruction.audience}` : document.title,
    summary: finalSummary,
    keyPoints: keyPoints.length > 0 ? keyPoints : [document.title],
    sourceWordCount: countWords(document.markdown),
    summaryWordCount: countWords(finalSummary),
  };
}

/** The extractive summary generator: no model, works on any document, deterministic. */
export function createExtractiveSummaryGenerator(options: ExtractiveSummaryOptions = {}): SummaryGenerator {
  return {
    async summarize({ document, signal, instruction }) {
      signal.throwIfAborted();
      return summarizeExtractively(document, options, readInstruction(instruction));
    },
  };
}

/** Lower-cased content words of a sentence, stop words and one-letter words removed, plurals folded. */
export function contentTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  return words
    .map((word) => word.replace(/['’]s$/u, ''))
    .filter((word) => Array.from(word).length > 1 && !STOP_WORDS.has(word) && !/^\d+$/.test(word))
    .map((word) =>
      word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word,
    );
}

/** The sections a user wrote if any, each under its heading; otherwise the document's markdown. */
function readSentences(document: Document): SourceSentence[] {
  if (document.sections.length === 0) return splitMarkdownSentences(document.markdown);
  const sentences: SourceSentence[] = [];
  for (const section of document.sections) {
    for (const sentence of splitMarkdownSentences(section.markdown, section.heading)) {
      sentences.push({ ...sentence, index: sentences.length });
    }
  }
  return sentences.length > 0 ? sentences : splitMarkdownSentences(document.markdown);
}

function scoreSentences(
  sentences: readonly SourceSentence[],
  title: string,
  instruction: Instruction,
): ScoredSentence[] {
  const frequencies = new Map<string, number>();
  const termLists = sentences.map((sentence) => contentTerms(sentence.text));
  for (const term of termLists.flat()) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
  let maxFrequency = 1;
  for (const frequency of frequencies.values()) maxFrequency = Math.max(maxFrequency, frequency);
  const titleTerms = new Set(contentTerms(title));
  return sentences.map((sentence, index) => {
    const terms = termLists[index] ?? [];
    const signal = terms.reduce(
      (sum, term) => sum + ((frequencies.get(term) ?? 0) / maxFrequency) * (titleTerms.has(term) ? 1.5 : 1),
      0,
    );
    // Divide by the square root of the length: long sentences still gain, but cannot win on length alone.
    const density = terms.length > 0 ? signal / Math.sqrt(terms.length) : 0;
    // The lead sentence usually says what the subject is (as in an encyclopedia), so it gains the most.
    const positionBonus =
      (index === 0 ? 0.3 : 0) +
      (sentence.indexInSection === 0 ? 0.15 : 0) +
      0.1 * (1 - index / Math.max(1, sentences.length));
    const words = countWords(sentence.text);
    const lengthPenalty = words < 5 ? 0.5 : words > 60 ? 0.7 : 1;
    // Plain readers get the shorter sentences; named expert readers get the ones dense with terms.
    const readerFit = instruction.plain
      ? words <= 18
        ? 1.4
        : 0.7
      : instruction.audience
        ? 1 + Math.min(0.6, terms.length / 25)
        : 1;
    return {
      ...sentence,
      terms: new Set(terms),
      score: density * (1 + positionBonus) * lengthPenalty * readerFit,
    };
  });
}

/**
 * One paragraph per section (a brief merging summaries written for different readers), each led by whom its
 * section is for ("For beginners: …"), the sentences shared out between them.
 */
function mergedParagraphs(
  sentences: readonly ScoredSentence[],
  sections: readonly (string | undefined)[],
  count: number,
): string {
  const each = Math.max(1, Math.ceil(count / sections.length));
  return sections
    .map((section) => {
      const own = sentences.filter((sentence) => sentence.section === section);
      const text = inOrder(pickDistinct(own, each))
        .map((sentence) => sentence.text)
        .join(' ');
      const reader = section ? /, (for .+)$/.exec(section)?.[1] : undefined;
      const label = reader ? reader.charAt(0).toUpperCase() + reader.slice(1) : section;
      return label && text ? `${label}: ${text}` : text;
    })
    .filter((paragraph) => paragraph !== '')
    .join('\n\n');
}

/** The best `count` sentences, skipping near-duplicates of ones already chosen. */
function pickDistinct(sentences: readonly ScoredSentence[], count: number): ScoredSentence[] {
  const ranked = [...sentences].sort((left, right) => right.score - left.score || left.index - right.index);
  const chosen: ScoredSentence[] = [];
  for (const candidate of ranked) {
    if (chosen.length >= count) break;
    if (chosen.some((picked) => overlap(picked.terms, candidate.terms) > 0.6)) continue;
    chosen.push(candidate);
  }
  return chosen;
}

/** One key point per section, `Heading: best sentence`, for the best-scoring sections, in document order. */
function sectionKeyPoints(sentences: readonly ScoredSentence[], count: number): string[] {
  const bestBySection = new Map<string, ScoredSentence>();
  for (const sentence of sentences) {
    if (sentence.section === undefined) continue;
    const best = bestBySection.get(sentence.section);
    if (!best || sentence.score > best.score) bestBySection.set(sentence.section, sentence);
  }
  const best = [...bestBySection.values()].sort((left, right) => right.score - left.score).slice(0, count);
  return inOrder(best).map((sentence) => `${sentence.section}: ${sentence.text}`);
}

function inOrder<T extends SourceSentence>(sentences: readonly T[]): T[] {
  return [...sentences].sort((left, right) => left.index - right.index);
}

/** Jaccard similarity of two term sets. */
function overlap(left: ReadonlySet<string>, right: ReadonlySet<string>): number {
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const term of left) if (right.has(term)) shared++;
  return shared / (left.size + right.size - shared);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
