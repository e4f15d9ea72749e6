import type { OutlineOptions } from '../contracts/outline.ts';

/** What a caller's instruction asks of an outline, a document or a summary, as far as an offline generator can honour it. */
export interface Instruction {
  /** How many sentences a summary should have (from "in 2 sentences", "in one sentence"). */
  readonly sentences?: number;
  /** How many sections an outline should have (from "in 5 sections", "with three sections"). */
  readonly sections?: number;
  /** Shorter or longer than the default ("shorter", "brief", "more detail", "longer"). */
  readonly scale?: 'shorter' | 'longer';
  /** Who the summary is for ("for beginners", "for experts", "for a board of directors"). */
  readonly audience?: string;
  /** Whether the audience reads plainer sentences (beginners, children, newcomers). */
  readonly plain?: boolean;
  /** Whether the sources are to be merged into one text with a paragraph each ("Merge these summaries"). */
  readonly merge?: boolean;
}

const NUMBER_WORDS: Readonly<Record<string, number>> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
const PLAIN_READERS =
  /\b(beginners?|newcomers?|novices?|children|kids|students|laypeople|general readers|everyone)\b/i;

/** Who the words after "for" name when they are not a reader: the work itself ("for this outline", "for it"). */
const NOT_A_READER =
  /^(?:(?:this|that|these|those|it|me|us)\b|the (?:document|outline|summary|text|article|topic)s?$)/i;

/**
 * Reads the instruction that came with a request ("Summarize this for beginners in 2 sentences", "shorter",
 * "in 5 sections"). Unknown wording asks for nothing; the default requests ("Summarize this document.", "Write
 * the document for this outline.") ask for nothing either.
 */
export function readInstruction(text: string | undefined): Instruction {
  if (!text) return {};
  const instruction: { -readonly [Key in keyof Instruction]: Instruction[Key] } = {};
  const count = /\bin (\d+|one|two|three|four|five|six) sentences?\b/i.exec(text);
  if (count?.[1]) {
    const value = NUMBER_WORDS[count[1].toLowerCase()] ?? Number(count[1]);
    if (Number.isInteger(value) && value >= 1 && value <= 12) instruction.sentences = value;
  }
  const sections = /\b(?:in|with|into) (\d+|one|two|three|four|five|six) (?:sections?|parts?)\b/i.exec(text);
  if (sections?.[1]) {
    const value = NUMBER_WORDS[sections[1].toLowerCase()] ?? Number(sections[1]);
    if (Number.isInteger(value) && value >= 1 && value <= 12) instruction.sections = value;
  }
  if (/\b(merge|combine)\b/i.test(text)) instruction.merge = true;
  if (/\b(shorter|brief(er|ly)?|concise|tl;?dr|short)\b/i.test(text)) instruction.scale = 'shorter';
  else if (/\b(longer|more detail(ed)?|in depth|expand(ed)?)\b/i.test(text)) instruction.scale = 'longer';
  // The first "for …" that names a reader ("Write the document for this outline, for experts": experts).
  const readers = text.matchAll(
    /\bfor ((?:an? |the )?[\p{L}][\p{L}\s-]{1,40}?)(?=[.,;!?]|\bin \d|\bin (?:one|two|three|four|five|six)\b|$)/giu,
  );
  const reader = [...readers]
    .map((match) => match[1]?.trim() ?? '')
    .find((found) => found !== '' && !NOT_A_READER.test(found));
  if (reader) {
    instruction.audience = reader;
    instruction.plain = PLAIN_READERS.test(reader);
  }
  return instruction;
}

const LENGTHS = ['short', 'medium', 'long'] as const;

/**
 * The outline options an instruction asks for: "shorter" and "longer" move the length one step (and the section
 * count one, when it was given or the length is at its end), "in 5 sections" sets the count, "for experts" the
 * audience. What the instruction does not mention stays as it was.
 */
export function outlineOptionsFor(options: OutlineOptions, instruction: Instruction): OutlineOptions {
  const next: { -readonly [Key in keyof OutlineOptions]: OutlineOptions[Key] } = { ...options };
  if (instruction.scale) {
    const step = instruction.scale === 'shorter' ? -1 : 1;
    const at = LENGTHS.indexOf(options.length ?? 'medium') + step;
    const length = LENGTHS[Math.min(Math.max(at, 0), LENGTHS.length - 1)] ?? 'medium';
    next.length = length;
    const atEnd = at < 0 || at >= LENGTHS.length;
    if (options.sections !== undefined || atEnd) {
      const base = options.sections ?? (length === 'short' ? 3 : 6);
      next.sections = Math.min(Math.max(base + step, 1), 12);
    }
  }
  if (instruction.sections !== undefined) next.sections = instruction.sections;
  if (instruction.audience !== undefined) next.audience = instruction.audience;
  return next;
}
