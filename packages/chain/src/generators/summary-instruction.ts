/** What a caller's instruction asks of a summary, as far as an offline summarizer can honour it. */
export interface SummaryInstruction {
  /** How many sentences the summary should have (from "in 2 sentences", "in one sentence"). */
  readonly sentences?: number;
  /** Shorter or longer than the default ("shorter", "brief", "more detail", "longer"). */
  readonly scale?: 'shorter' | 'longer';
  /** Who the summary is for ("for beginners", "for experts", "for a board of directors"). */
  readonly audience?: string;
  /** Whether the audience reads plainer sentences (beginners, children, newcomers). */
  readonly plain?: boolean;
}

const NUMBER_WORDS: Readonly<Record<string, number>> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
const PLAIN_READERS =
  /\b(beginners?|newcomers?|novices?|children|kids|students|laypeople|general readers|everyone)\b/i;

/**
 * Reads the instruction that came with a summary request ("Summarize this for beginners in 2 sentences").
 * Unknown wording asks for nothing; the default request ("Summarize this document.") asks for nothing either.
 */
export function readSummaryInstruction(text: string | undefined): SummaryInstruction {
  if (!text) return {};
  const instruction: { -readonly [Key in keyof SummaryInstruction]: SummaryInstruction[Key] } = {};
  const count = /\bin (\d+|one|two|three|four|five|six) sentences?\b/i.exec(text);
  if (count?.[1]) {
    const value = NUMBER_WORDS[count[1].toLowerCase()] ?? Number(count[1]);
    if (Number.isInteger(value) && value >= 1 && value <= 12) instruction.sentences = value;
  }
  if (/\b(shorter|brief(er|ly)?|concise|tl;?dr|short)\b/i.test(text)) instruction.scale = 'shorter';
  else if (/\b(longer|more detail(ed)?|in depth|expand(ed)?)\b/i.test(text)) instruction.scale = 'longer';
  const audience =
    /\bfor ((?:an? |the )?[\p{L}][\p{L}\s-]{1,40}?)(?=[.,;!?]|\bin \d|\bin (?:one|two|three|four|five|six)\b|$)/iu.exec(
      text,
    );
  const reader = audience?.[1]?.trim();
  if (reader && !/^(this|that|the document|it|me|us)$/i.test(reader)) {
    instruction.audience = reader;
    instruction.plain = PLAIN_READERS.test(reader);
  }
  return instruction;
}
