import { closestMeaning, stemsOf } from './closest-meaning.ts';
import type { Grammar } from './grammar.ts';
import type { Synset, WordNet } from './wordnet.ts';

/** What a topic is about, as far as WordNet knows it. */
export interface TopicSubject {
  /** The words of the topic that name the subject, as written ("tea", "beekeeping"). */
  readonly words: string;
  /** The subject with its qualifiers, as prose names it ("tea", "urban beekeeping"). */
  readonly name: string;
  /** The subject without its qualifiers, as prose names it ("tea", "beekeeping", "tide" for "tides"). */
  readonly head: string;
  /** The lemma WordNet knows it by ("tea", "bee"). */
  readonly lemma: string;
  /** The meaning of the lemma the topic is taken to be about. */
  readonly meaning: Synset;
  /** The lemma's other meanings, most frequent first. */
  readonly otherMeanings: readonly Synset[];
  /** Words of the topic that qualify the subject ("urban") with their meaning, when WordNet has one. */
  readonly qualifiers: readonly { readonly word: string; readonly definition?: string }[];
  /**
   * The angle the topic takes on the subject when it names one WordNet cannot speak to ("history" in "The history
   * of tea"); undefined for a plain subject or a framing such as "a guide to".
   */
  readonly aspect?: string;
}

/** Aspects of a subject a dictionary says nothing about: the text says so instead of inventing. */
const ASPECTS =
  'history|future|story|origins?|rise|fall|economics|ethics|politics|culture|science|psychology|sociology|geography|evolution|state|impact|role|business|law|philosophy|art';
/** Framings that name no aspect ("A short guide to sourdough"): the rest of the topic is the subject. */
const FRAMINGS =
  'guide|introduction|intro|overview|primer|handbook|basics|fundamentals|essentials|beginner.s guide|look|tour|world';
const FRAME = new RegExp(
  `^(?:(?:a|an|the)\\s+)?(?:(?:short|brief|quick|complete|practical|gentle|modern|early|long|hidden|strange|secret)\\s+)?(?<frame>${ASPECTS}|${FRAMINGS})\\s+(?:of|to|on|for|in|behind)\\s+(?<rest>.+)$`,
  'i',
);
const TRAILING_FRAMING = /\s+(?:explained|basics|101|in brief|for beginners|for experts|today|in practice)$/i;
const LEADING_WORDS = /^(?:(?:a|an|the|understanding|exploring|about|on|why|how|what is|what are)\s+)+/i;

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu;

/**
 * Finds the subject of a topic in WordNet: the framing is set aside ("The history of", "A short guide to"), then
 * the longest run of the remaining words WordNet knows as a noun names the subject, the rightmost winning a tie
 * (English puts the head noun last: "urban beekeeping"); the words before it qualify it. The meaning is the most
 * frequent one unless the topic's other words fit another meaning's definition better. Undefined when WordNet
 * knows none of the words.
 */
export function findSubject(topic: string, wordnet: WordNet, grammar: Grammar): TopicSubject | undefined {
  let text = topic.trim().replace(/[?!.:;]+$/u, '');
  let aspect: string | undefined;
  const framed = FRAME.exec(text);
  if (framed?.groups?.rest) {
    const frame = framed.groups.frame?.toLowerCase() ?? '';
    if (new RegExp(`^(?:${ASPECTS})$`, 'i').test(frame)) aspect = frame;
    text = framed.groups.rest;
  }
  text = text.replace(TRAILING_FRAMING, '').replace(LEADING_WORDS, '');
  const words = text.match(WORD) ?? [];
  if (words.length === 0) return undefined;
  for (let size = Math.min(4, words.length); size >= 1; size -= 1) {
    for (let start = words.length - size; start >= 0; start -= 1) {
      const run = words.slice(start, start + size);
      const found = lookupRun(run, wordnet, grammar);
      if (!found) continue;
      const qualifierWords = words
        .slice(0, start)
        .filter((word) => !/^(?:and|or|of|the|a|an|in)$/i.test(word));
      // A qualifier is an adjective ("urban") or a noun ("sourdough" baking); lower case unless WordNet writes it
      // as a name ("Roman").
      const qualifiers = qualifierWords.map((word) => {
        const meaning =
          wordnet.lookup(word.toLowerCase(), 'a')[0] ?? wordnet.lookup(word.toLowerCase(), 'n')[0];
        if (!meaning) return { word };
        const named = meaning.words.find((written) => written.toLowerCase() === word.toLowerCase());
        return { word: named ?? word.toLowerCase(), definition: meaning.definition };
      });
      const context = new Set(
        stemsOf(
          [...words.slice(0, start), ...words.slice(start + size), ...(aspect ? [aspect] : [])].join(' '),
        ),
      );
      const meaning = closestMeaning(found.meanings, context, run.join(' '));
      // A plural the lemma came from is named by the lemma ("tides" → "tide"); a capital that only starts the
      // topic is dropped unless WordNet writes the word as a name.
      const asWritten = run.join(' ');
      const written = found.lemma === asWritten.toLowerCase() ? asWritten : found.lemma;
      const head =
        /^\p{Lu}\p{Ll}/u.test(written) && !meaning.words.includes(written) ? written.toLowerCase() : written;
      const name = [...qualifiers.map((qualifier) => qualifier.word), head].join(' ');
      return {
        words: asWritten,
        name,
        head,
        lemma: found.lemma,
        meaning,
        otherMeanings: found.meanings.filter((other) => other !== meaning),
        qualifiers,
        ...(aspect ? { aspect } : {}),
      };
    }
  }
  return undefined;
}

/** WordNet's detachment rules for nouns: an ending and what replaces it. */
const DETACHMENTS: readonly (readonly [string, string])[] = [
  ['ses', 's'],
  ['xes', 'x'],
  ['zes', 'z'],
  ['ches', 'ch'],
  ['shes', 'sh'],
  ['men', 'man'],
  ['ies', 'y'],
  ['s', ''],
];

/** A run of words as WordNet spells nouns: as written, else its last word made singular. */
function lookupRun(
  run: readonly string[],
  wordnet: WordNet,
  grammar: Grammar,
): { lemma: string; meanings: readonly Synset[] } | undefined {
  const asWritten = run.join(' ').toLowerCase();
  if (run.length === 1 && asWritten.length < 3) return undefined;
  const candidates = [asWritten];
  const last = run.at(-1) ?? '';
  const singular = grammar.singular(last.toLowerCase());
  // The grammar's singular, then WordNet's own detachment rules for plural nouns (what its morphy tries).
  const lower = last.toLowerCase();
  const singulars = [
    singular,
    ...DETACHMENTS.flatMap(([ending, replacement]) =>
      lower.endsWith(ending) ? [lower.slice(0, -ending.length) + replacement] : [],
    ),
  ];
  for (const form of singulars) {
    if (form !== lower && form.length > 1)
      candidates.push([...run.slice(0, -1), form].join(' ').toLowerCase());
  }
  for (const lemma of candidates) {
    const meanings = wordnet.lookup(lemma, 'n');
    if (meanings.length > 0) return { lemma, meanings };
  }
  return undefined;
}
