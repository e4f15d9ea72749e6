/** What the offline generators ask of an English grammar library. */
export interface Grammar {
  /** The singular of a noun ("bees" → "bee", "leaves" → "leaf"); the word itself when it is not plural. */
  singular(noun: string): string;
  /** Whether a noun is counted ("a bee") rather than a mass ("honey", "tea"); a phrase by its last word. */
  countable(noun: string): boolean;
  /** The runs of nouns in a text, as written ("ground coffee beans", "water"): no articles, adjectives or pronouns. */
  nounPhrases(text: string): string[];
}

let loading: Promise<Grammar> | undefined;

/**
 * Loads the grammar: `compromise` (a rule-based English tagger, ~0.6 s to load, so it is loaded on first use and
 * not when an agent starts). The same grammar is shared by every caller of the process.
 */
export function loadGrammar(): Promise<Grammar> {
  loading ??= import('compromise').then(({ default: nlp }): Grammar => {
    const singulars = new Map<string, string>();
    return {
      singular(noun) {
        let found = singulars.get(noun);
        if (found === undefined) {
          found = nlp(noun).nouns().toSingular().text().trim() || noun;
          if (singulars.size > 10_000) singulars.clear();
          singulars.set(noun, found);
        }
        return found;
      },
      countable(noun) {
        const last = noun.trim().split(/\s+/).at(-1) ?? noun;
        return !nlp(last).has('#Uncountable') && !/(?:ing|ness|ism|ity|tion)$/.test(last);
      },
      nounPhrases(text) {
        return nlp(text)
          .match('#Noun+')
          .not('#Pronoun')
          .out('array')
          .map((phrase: string) => phrase.replace(/^[\p{P}\s]+|[\p{P}\s]+$/gu, ''))
          .filter((phrase: string) => phrase !== '');
      },
    };
  });
  return loading;
}

/**
 * The lemmas a run of nouns may name, longest first: its last three words, two, one, the last made singular
 * ("ground coffee beans" → "ground coffee bean", "coffee bean", "bean"), for looking terms up in WordNet.
 */
export function termLemmas(run: string, grammar: Grammar): string[] {
  const words = run.toLowerCase().split(/\s+/);
  const last = grammar.singular(words.at(-1) ?? '');
  const lemmas: string[] = [];
  for (let start = Math.max(0, words.length - 3); start < words.length; start += 1) {
    lemmas.push([...words.slice(start, -1), last].join(' '));
  }
  return lemmas;
}
