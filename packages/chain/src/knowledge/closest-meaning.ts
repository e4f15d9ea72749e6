import type { Synset } from './wordnet.ts';

/** The meaning whose definition shares most word stems with the context (the first, most frequent, on a tie). */
export function closestMeaning(
  meanings: readonly Synset[],
  context: ReadonlySet<string>,
  term: string,
): Synset {
  const own = new Set(stemsOf(term));
  let best = meanings[0] as Synset;
  let bestScore = 0;
  for (const meaning of meanings) {
    const score = new Set(stemsOf(meaning.definition).filter((stem) => context.has(stem) && !own.has(stem)))
      .size;
    if (score > bestScore) {
      best = meaning;
      bestScore = score;
    }
  }
  return best;
}

const FUNCTION_WORDS = new Set(
  'from with that this used which such than into some other their there these those'.split(' '),
);

/** Crude stems for comparing definitions: a common ending dropped, then five letters at most ("baked", "baking" → "bak"). */
export function stemsOf(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}{4,}/gu) ?? [])
    .filter((word) => !FUNCTION_WORDS.has(word))
    .map((word) => word.replace(/(?:ing|ed|es|s|e)$/u, '').slice(0, 5));
}
