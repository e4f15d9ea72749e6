import { closestMeaning, stemsOf } from './closest-meaning.ts';
import { asSentence, defineAs, joinList, quoted, withArticle } from './english.ts';
import { type Grammar, termLemmas } from './grammar.ts';
import { findSubject, type TopicSubject } from './topic-subject.ts';
import type { Relation, Synset, WordNet } from './wordnet.ts';

/** One fact about a topic: a sentence an outline can list as a point, and the sentences that develop it. */
export interface KnowledgeFact {
  /** The fact as one sentence ("Tea is a beverage made by steeping tea leaves in water."). */
  readonly point: string;
  /** Sentences that develop the point, most useful first, each from the source. */
  readonly details: readonly string[];
  /** Sentences for expert readers (scientific names, where WordNet files it). */
  readonly technical: readonly string[];
}

/** What the source says about one side of a topic: a heading, an optional opening sentence, the facts. */
export interface KnowledgeSection {
  readonly id:
    | 'meaning'
    | 'kinds'
    | 'parts'
    | 'meanings'
    | 'terms'
    | 'neighbours'
    | 'related'
    | 'aspect'
    | 'unknown';
  readonly heading: string;
  readonly intro?: string;
  readonly facts: readonly KnowledgeFact[];
}

/** Everything the offline source knows about a topic, in the order a document presents it. */
export interface TopicKnowledge {
  readonly topic: string;
  readonly subject?: TopicSubject;
  readonly sections: readonly KnowledgeSection[];
}

/** What the knowledge is read from. */
export interface KnowledgeSource {
  readonly wordnet: WordNet;
  readonly grammar: Grammar;
}

/** At most this many facts per section are kept (an outline takes fewer). */
const MAX_FACTS = 8;

/** Words too general to explain as terms of a definition. */
const GENERAL_WORDS = new Set(
  'kind part thing something someone use way form type scale number state quality act process person group one time production practice result manner part amount field activity member body piece set'.split(
    ' ',
  ),
);

/**
 * Reads what WordNet knows about a topic: what the subject is and what kind of thing (with its neighbours of the
 * same kind), its kinds, what it is made of or part of, the other meanings of its word, the terms of its
 * definition, related words, and, when the topic asks for an angle a dictionary cannot speak to ("The history of
 * tea"), one plain line saying so. A topic WordNet knows nothing of gets one section with one line saying that.
 */
export function knowledgeOf(topic: string, source: KnowledgeSource): TopicKnowledge {
  const subject = findSubject(topic, source.wordnet, source.grammar);
  if (!subject) {
    return {
      topic,
      sections: [
        {
          id: 'unknown',
          heading: 'What the offline source knows',
          facts: [
            fact(
              `The offline source, the WordNet dictionary, has no entry for ${quoted(topic)}, so there is nothing true to write about it without a model; set BATON_LLM_BASE_URL and BATON_LLM_MODEL to use one.`,
            ),
          ],
        },
      ],
    };
  }
  const reader = createReader(source.wordnet, source.grammar, subject);
  const sections = [
    meaningSection(reader),
    kindsSection(reader),
    partsSection(reader),
    meaningsSection(reader),
    termsSection(reader, source.grammar),
    neighboursSection(reader),
    relatedSection(reader),
    aspectSection(reader),
  ].filter((section): section is KnowledgeSection => section !== undefined && section.facts.length > 0);
  return { topic, subject, sections };
}

type Reader = ReturnType<typeof createReader>;

function createReader(wordnet: WordNet, grammar: Grammar, subject: TopicSubject) {
  const meaning = subject.meaning;
  const base = subject.head;
  return {
    wordnet,
    grammar,
    subject,
    meaning,
    /** The subject mid-sentence ("tea", "urban beekeeping"). */
    name: subject.name,
    /** The subject without its qualifiers ("beekeeping"). */
    base,
    /** Lemmas a section has already defined, so a later section does not define them again. */
    mentioned: new Set<string>([subject.lemma, ...meaning.words.map((word) => word.toLowerCase())]),
    /** The synset's first word that is not the subject's own (the tea leaf synset is "tea", "tea leaf"). */
    nameOf(synset: Synset): string {
      return synset.words.find((word) => word.toLowerCase() !== subject.lemma) ?? synset.words[0];
    },
    related(synset: Synset, relation: Relation): Synset[] {
      return synset.pointers
        .filter((pointer) => pointer.relation === relation)
        .map((pointer) => wordnet.synset(pointer.offset, pointer.pos));
    },
  };
}

/** Lexicographer files of things that are counted ("a bee", "a beekeeper"); the rest read as masses ("honey"). */
const COUNTED_FILES = new Set([
  'noun.animal',
  'noun.artifact',
  'noun.body',
  'noun.event',
  'noun.group',
  'noun.location',
  'noun.object',
  'noun.person',
  'noun.plant',
  'noun.shape',
]);

/** A noun as the subject of a sentence: "A bee", "Honey", "Camellia sinensis". */
function asSubject(word: string, synset: Synset, grammar: Grammar): string {
  if (/^\p{Lu}/u.test(word)) return word;
  const counted = COUNTED_FILES.has(synset.lexicalFile) && grammar.countable(word);
  return capitalizeWord(counted ? withArticle(word) : word);
}

function fact(
  point: string,
  details: readonly string[] = [],
  technical: readonly string[] = [],
): KnowledgeFact {
  return { point: asSentence(point), details: details.map(asSentence), technical: technical.map(asSentence) };
}

/** A word of a synset for use mid-sentence: names keep their capitals, common nouns are lower-cased. */
function wordOf(synset: Synset, index = 0): string {
  return synset.words[index] ?? synset.words[0];
}

function otherNames(synset: Synset, except: string): string[] {
  return synset.words.filter((word) => word.toLowerCase() !== except.toLowerCase());
}

function meaningSection(reader: Reader): KnowledgeSection {
  const { meaning, subject, name } = reader;
  const Base = capitalizeWord(reader.base);
  const facts: KnowledgeFact[] = [];
  const synonyms = otherNames(meaning, reader.base);
  const [example] = meaning.examples;
  facts.push(
    fact(
      defineAs(Base, meaning.definition),
      [
        ...(synonyms.length > 0 ? [`It is also called ${joinList(synonyms, 'or')}`] : []),
        ...(example ? [`The dictionary's example of the word in use: ${quoted(example)}`] : []),
      ],
      lineage(reader),
    ),
  );
  for (const qualifier of subject.qualifiers) {
    if (qualifier.definition)
      facts.push(fact(`${quoted(capitalizeWord(qualifier.word))} here means ${qualifier.definition}`));
  }
  const [parent] = [...reader.related(meaning, 'kind-of'), ...reader.related(meaning, 'instance-of')];
  if (parent) {
    const instance = meaning.pointers.some((pointer) => pointer.relation === 'instance-of');
    // The best-known neighbours first: those WordNet says most about.
    const siblings = [...reader.related(parent, instance ? 'instances' : 'kinds')]
      .filter((sibling) => sibling.offset !== meaning.offset)
      .sort((left, right) => right.pointers.length - left.pointers.length)
      .map((sibling) => wordOf(sibling));
    reader.mentioned.add(wordOf(parent).toLowerCase());
    const [parentExample] = parent.examples;
    facts.push(
      fact(
        `${capitalizeWord(name)} is ${instance ? 'an instance' : 'a kind'} of ${wordOf(parent)}, which WordNet defines as ${parent.definition.replace(/^\([^)]*\)\s*/, '')}`,
        [
          ...(siblings.length > 0
            ? [
                `Other ${instance ? 'instances' : 'kinds'} of ${wordOf(parent)} in WordNet include ${joinList(siblings.slice(0, 6))}`,
              ]
            : []),
          ...(parentExample
            ? [`As WordNet illustrates ${quoted(wordOf(parent))}: ${quoted(parentExample)}`]
            : []),
        ],
      ),
    );
  }
  return { id: 'meaning', heading: `What ${name} is`, facts };
}

/** "In WordNet's hierarchy, tea sits under beverage, food, substance, matter and physical entity." */
function lineage(reader: Reader): string[] {
  const chain: string[] = [];
  let at: Synset | undefined = reader.meaning;
  for (let depth = 0; depth < 8 && at; depth += 1) {
    at = reader.related(at, 'kind-of')[0] ?? reader.related(at, 'instance-of')[0];
    if (at && wordOf(at) !== 'entity') chain.push(wordOf(at));
  }
  const filed = reader.meaning.lexicalFile.replace(/^noun\./, '');
  return [
    ...(chain.length > 1 ? [`In WordNet's hierarchy, ${reader.base} sits under ${joinList(chain)}`] : []),
    ...(filed !== 'Tops'
      ? [`Its lexicographers file this meaning of ${quoted(reader.subject.lemma)} under ${quoted(filed)}`]
      : []),
  ];
}

function kindsSection(reader: Reader): KnowledgeSection | undefined {
  const kinds = [...reader.related(reader.meaning, 'kinds'), ...reader.related(reader.meaning, 'instances')];
  if (kinds.length === 0) return undefined;
  const shown = kinds.slice(0, MAX_FACTS);
  const facts = shown.map((kind) => {
    const subkinds = reader.related(kind, 'kinds').map((sub) => wordOf(sub));
    const synonyms = otherNames(kind, wordOf(kind));
    const [example] = kind.examples;
    return fact(defineAs(asSubject(wordOf(kind), kind, reader.grammar), kind.definition), [
      ...(subkinds.length > 0
        ? [`WordNet divides ${wordOf(kind)} further into ${joinList(subkinds.slice(0, 5))}`]
        : []),
      ...(synonyms.length > 0
        ? [`${capitalizeWord(wordOf(kind))} also goes by ${joinList(synonyms, 'or')}`]
        : []),
      ...(example ? [quoted(capitalizeWord(example))] : []),
    ]);
  });
  const count = kinds.length;
  return {
    id: 'kinds',
    heading: `Kinds of ${reader.base}`,
    intro: `WordNet names ${count === 1 ? 'one kind' : `${count} kinds`} of ${reader.base}${count > 1 ? `: ${joinList(kinds.slice(0, 10).map((kind) => wordOf(kind)))}${count > 10 ? ', among others' : ''}` : ''}`,
    facts,
  };
}

const PART_PHRASES: Partial<Record<Relation, (part: string, whole: string) => string>> = {
  'made-of': (part, whole) => `${capitalizeWord(part)} is one of the substances of ${whole}`,
  parts: (part, whole) => `${capitalizeWord(part)} is one of the parts of ${whole}`,
  members: (part, whole) => `${capitalizeWord(part)} is one of the members of ${whole}`,
  'part-of': (part, whole) => `${capitalizeWord(whole)} is part of ${part}`,
  'substance-of': (part, whole) => `${capitalizeWord(whole)} is one of the substances of ${part}`,
  'member-of': (part, whole) => `${capitalizeWord(whole)} is a member of ${part}`,
};

function partsSection(reader: Reader): KnowledgeSection | undefined {
  const facts: KnowledgeFact[] = [];
  for (const [relation, phrase] of Object.entries(PART_PHRASES) as [
    Relation,
    (part: string, whole: string) => string,
  ][]) {
    for (const related of reader.related(reader.meaning, relation)) {
      const word = reader.nameOf(related);
      reader.mentioned.add(word.toLowerCase());
      facts.push(
        fact(phrase(word, reader.base), [
          defineAs(asSubject(word, related, reader.grammar), related.definition),
        ]),
      );
    }
  }
  if (facts.length === 0) return undefined;
  return {
    id: 'parts',
    heading: `What ${reader.base} is made of and part of`,
    facts: facts.slice(0, MAX_FACTS),
  };
}

function meaningsSection(reader: Reader): KnowledgeSection | undefined {
  const lemma = reader.subject.lemma;
  const facts = reader.subject.otherMeanings.slice(0, MAX_FACTS).map((other) => {
    const synonyms = otherNames(other, lemma);
    const [example] = other.examples;
    return fact(`${quoted(capitalizeWord(lemma))} can also mean ${plainDefinition(other.definition)}`, [
      ...(synonyms.length > 0 ? [`In that sense WordNet also lists ${joinList(synonyms.map(quoted))}`] : []),
      ...(example ? [`Used that way: ${quoted(example)}`] : []),
    ]);
  });
  if (facts.length === 0) return undefined;
  return { id: 'meanings', heading: `Other meanings of ${quoted(lemma)}`, facts };
}

function termsSection(reader: Reader, grammar: Grammar): KnowledgeSection | undefined {
  const context = new Set(stemsOf(`${reader.meaning.definition} ${reader.subject.lemma}`));
  const facts: KnowledgeFact[] = [];
  for (const run of grammar.nounPhrases(reader.meaning.definition)) {
    if (facts.length >= 4) break;
    for (const lemma of termLemmas(run, grammar)) {
      if (reader.mentioned.has(lemma) || GENERAL_WORDS.has(lemma) || lemma.length < 3) continue;
      const meanings = reader.wordnet.lookup(lemma, 'n');
      if (meanings.length === 0) continue;
      const meaning = closestMeaning(meanings, context, lemma);
      reader.mentioned.add(lemma);
      const written = meaning.words.find((word) => word.toLowerCase() === lemma) ?? lemma;
      const kinds = reader.related(meaning, 'kinds').map((kind) => wordOf(kind));
      facts.push(
        fact(defineAs(asSubject(written, meaning, grammar), meaning.definition), [
          ...(kinds.length > 0
            ? [
                `WordNet names ${kinds.length === 1 ? 'one kind' : `${kinds.length} kinds`} of ${written}: ${joinList(kinds.slice(0, 6))}${kinds.length > 6 ? ', among others' : ''}`,
              ]
            : []),
          ...(meaning.examples[0] ? [quoted(capitalizeWord(meaning.examples[0]))] : []),
        ]),
      );
      break;
    }
  }
  if (facts.length === 0) return undefined;
  return { id: 'terms', heading: `Terms in the definition of ${reader.base}`, facts };
}

/** The other kinds of what the subject is a kind of, each with its definition ("Coffee is a beverage…"). */
function neighboursSection(reader: Reader): KnowledgeSection | undefined {
  const [parent] = reader.related(reader.meaning, 'kind-of');
  if (!parent) return undefined;
  const facts = reader
    .related(parent, 'kinds')
    .filter(
      (sibling) =>
        sibling.offset !== reader.meaning.offset && !reader.mentioned.has(wordOf(sibling).toLowerCase()),
    )
    .sort((left, right) => right.pointers.length - left.pointers.length)
    .slice(0, MAX_FACTS)
    .map((sibling) => {
      reader.mentioned.add(wordOf(sibling).toLowerCase());
      const [example] = sibling.examples;
      return fact(
        defineAs(asSubject(wordOf(sibling), sibling, reader.grammar), sibling.definition),
        example ? [quoted(capitalizeWord(example))] : [],
      );
    });
  if (facts.length === 0) return undefined;
  return { id: 'neighbours', heading: `Other kinds of ${wordOf(parent)}`, facts };
}

function relatedSection(reader: Reader): KnowledgeSection | undefined {
  const facts: KnowledgeFact[] = [];
  const seen = new Set<string>([reader.subject.lemma]);
  for (const relation of ['derived', 'topic', 'topic-member', 'see-also'] as const) {
    for (const related of reader.related(reader.meaning, relation)) {
      const word = wordOf(related);
      if (seen.has(word.toLowerCase())) continue;
      seen.add(word.toLowerCase());
      const label =
        relation === 'topic'
          ? `${capitalizeWord(reader.base)} belongs to the field of ${word}: ${related.definition}`
          : defineAs(
              related.pos === 'n' ? asSubject(word, related, reader.grammar) : capitalizeWord(word),
              related.definition,
            );
      facts.push(fact(label));
    }
  }
  if (facts.length === 0) return undefined;
  return { id: 'related', heading: `Words related to ${reader.base}`, facts: facts.slice(0, MAX_FACTS) };
}

function aspectSection(reader: Reader): KnowledgeSection | undefined {
  const aspect = reader.subject.aspect;
  if (!aspect) return undefined;
  return {
    id: 'aspect',
    heading: `The ${aspect} of ${reader.name}`,
    facts: [
      fact(
        `The ${aspect} of ${reader.name} is beyond this offline text: its source, the WordNet dictionary, records what words mean and how they relate, not events, dates or people; a model can tell it (set BATON_LLM_BASE_URL and BATON_LLM_MODEL)`,
      ),
    ],
  };
}

/** A definition without its leading domain label: "(agriculture) production of food…" → "in agriculture, production of food…". */
function plainDefinition(definition: string): string {
  return definition.replace(/^\(([^)]*)\)\s*/, (_, domain: string) => `in ${domain}, `);
}

function capitalizeWord(text: string): string {
  const [first = '', ...rest] = Array.from(text);
  return first.toLocaleUpperCase() + rest.join('');
}
