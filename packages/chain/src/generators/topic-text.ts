const FALLBACK_TOPIC = 'an untitled topic';

/**
 * Cleans a user's topic for use in prose: control characters and runs of whitespace become single spaces;
 * an empty topic becomes a neutral placeholder so the generators work for any input.
 */
export function cleanTopic(topic: string): string {
  const cleaned = topic
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return /[\p{L}\p{N}\p{S}]/u.test(cleaned) ? cleaned : FALLBACK_TOPIC;
}

/** Shortens text to at most `maxCodePoints` on a word boundary, never splitting a surrogate pair. */
export function shortenText(text: string, maxCodePoints: number): string {
  const codePoints = Array.from(text);
  if (codePoints.length <= maxCodePoints) return text;
  const cut = codePoints.slice(0, maxCodePoints - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  const base = lastSpace > maxCodePoints / 2 ? cut.slice(0, lastSpace) : cut;
  return `${base.replace(/[\s\p{P}]+$/u, '')}…`;
}

/** Upper-cases the first letter of a sentence or title, leaving the rest as written. */
export function capitalize(text: string): string {
  const [first = '', ...rest] = Array.from(text);
  return first.toLocaleUpperCase() + rest.join('');
}

/** Counts words the way a reader would: whitespace-separated runs holding at least one letter or digit. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
