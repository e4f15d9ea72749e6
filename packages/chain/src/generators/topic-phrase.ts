import { capitalize } from './topic-text.ts';

/** A topic as prose uses it: inside a sentence, at its start, and the short ways to refer back to it. */
export interface TopicPhrase {
  /** The topic mid-sentence: a leading article lower-cased ("The history of tea" → "the history of tea"). */
  readonly inSentence: string;
  /** The topic at the start of a sentence or heading. */
  readonly atStart: string;
  /** Ways to refer to the topic once it has been named ("the subject", "this topic"). */
  readonly references: readonly [string, ...string[]];
}

const LEADING_ARTICLE = /^(The|A|An) (?=\p{Ll})/u;

/**
 * Reads a topic as a noun phrase. A leading article followed by an ordinary word is lower-cased inside a
 * sentence; everything else keeps its case (names, acronyms and titles stay as the user wrote them).
 */
export function topicPhrase(topic: string): TopicPhrase {
  const inSentence = topic.replace(LEADING_ARTICLE, (article) => article.toLowerCase());
  return { inSentence, atStart: capitalize(topic), references: ['the subject', 'this topic'] };
}
